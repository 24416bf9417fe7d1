"""Designer-supplied art through the build: placed at its recorded width, in inks for press, RGB for screen.

A copy of the project gets a colourful image (a hue sweep darkening to
saturated deep colours, whose plain complement would carry more ink than the
limit allows), recorded in content/art/art.yaml and placed in one section.
One booklet is built in the press and screen editions.
"""

from __future__ import annotations

import doctest
import io
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
import weasyprint
from conftest import build_sharing_cache, copy_project, run_sw28
from pikepdf import PdfImage
from PIL import Image

from sacredwire.check import art as art_check
from sacredwire.editions import EditionError
from sacredwire.editions import _images as image_inks
from sacredwire.editions._images import separate
from sacredwire.load import load_rulebook

# 600 pixels over 50.8 mm (2 in): 300 ppi, the resolution the checker calls sharp.
PIXELS, WIDTH_MM, PPI = 600, 50.8, 300
CAPTION = "The Roots, seen from a service duct"
SECTION_LINE = "## K1.1 Board\n"


def gradient() -> Image.Image:
    """A hue sweep left to right, darkening top to bottom into deep saturated colours."""
    image = Image.new("RGB", (PIXELS, PIXELS // 2))
    pixels = image.load()
    assert pixels is not None
    for y in range(image.height):
        light = 1 - y / (image.height - 1)
        for x in range(image.width):
            hue = x / (image.width - 1)
            red, green, blue = max(0.0, 1 - 2 * hue), 1 - abs(2 * hue - 1), max(0.0, 2 * hue - 1)
            pixels[x, y] = (round(255 * red * light), round(255 * green * light), round(255 * blue * light))
    return image


def total_inks(image: Image.Image) -> list[float]:
    """Each pixel's total ink in percent, from a CMYK image."""
    data = image.tobytes()
    return [sum(data[index:index + 4]) * 100 / 255 for index in range(0, len(data), 4)]


def _images(document: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [obj for obj in document.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]


@pytest.fixture(scope="module")
def art_build(tmp_path_factory: pytest.TempPathFactory, layout_cache: Path) -> tuple[Path, Path]:
    """The project with the image placed in K1.1 (both languages), and its campaign in press and screen."""
    root = copy_project(tmp_path_factory.mktemp("art") / "project")
    art = root / "content" / "art"
    art.mkdir()
    gradient().save(art / "duct.png")
    (art / "art.yaml").write_text(
        "images:\n  - file: duct.png\n    source: drawn for this test\n    author: The test\n"
        f"    licence: CC BY-SA 4.0\n    width: {WIDTH_MM}mm\n", encoding="utf-8")
    placed = 0
    for lang in ("en", "es"):
        path = root / "content" / "campaign" / lang / "k1-setting-up.md"
        text = path.read_text(encoding="utf-8")
        heading = next(line for line in text.splitlines(keepends=True) if line.startswith("## K1.1 "))
        path.write_text(text.replace(heading, f"{heading}\n{{art: duct.png | {CAPTION}}}\n", 1), encoding="utf-8")
        placed += 1
    assert placed == 2
    out = root / "build"
    for edition in ("press", "screen"):
        result = build_sharing_cache(layout_cache, root, out, "campaign", "--lang", "en", "--edition", edition)
        assert result.returncode == 0, result.stdout + result.stderr
    return root, out


def test_press_carries_the_image_in_cmyk_within_the_ink_limit(art_build: tuple[Path, Path]) -> None:
    root, out = art_build
    limit = load_rulebook(root).settings.print.ink_limit
    # The image is worth the test: its plain complement (no black) would pass the limit.
    source = gradient()
    data = source.tobytes()
    assert max(765 - sum(data[index:index + 3]) for index in range(0, len(data), 3)) * 100 / 255 > limit
    with pikepdf.open(out / "en" / "press" / "campaign.pdf") as document:
        images = _images(document)
        assert len(images) == 1
        image = images[0]
        assert image["/ColorSpace"] == "/DeviceCMYK"
        assert "/SMask" not in image
        pixels = PdfImage(image).as_pil_image()
    assert pixels.mode == "CMYK" and pixels.size == source.size
    inks = total_inks(pixels)
    assert max(inks) <= limit
    # Full grey component replacement: the darkest row is black ink, its deep colours over it.
    assert max(inks) > 100


def test_screen_keeps_the_image_in_rgb(art_build: tuple[Path, Path]) -> None:
    _, out = art_build
    with pikepdf.open(out / "en" / "screen" / "campaign.pdf") as document:
        images = _images(document)
        assert len(images) == 1
        assert images[0]["/ColorSpace"] == "/DeviceRGB"
        assert PdfImage(images[0]).as_pil_image().convert("RGB").tobytes() == gradient().tobytes()


def test_the_image_prints_at_its_recorded_width_with_its_caption(art_build: tuple[Path, Path]) -> None:
    _, out = art_build
    press = out / "en" / "press" / "campaign.pdf"
    listing = subprocess.run(["pdfimages", "-list", str(press)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:] if line.strip()]
    assert len(rows) == 1
    # page num type width height color comp bpc enc interp object ID x-ppi y-ppi ...
    page, x_ppi = int(rows[0][0]), int(rows[0][12])
    assert rows[0][5] == "cmyk"
    assert x_ppi == PPI  # the width the checker measures is the width that prints
    text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(press), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert CAPTION in " ".join(text.split())


@pytest.mark.parametrize("edition", ["press", "screen"])
def test_preflight_passes_with_the_image_placed(art_build: tuple[Path, Path], edition: str) -> None:
    root, out = art_build
    result = run_sw28("preflight", "--edition", edition, str(out / "en" / edition / "campaign.pdf"), cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("limit", [150, 180, 240, 300])
def test_separation_keeps_every_pixel_within_the_limit(limit: int) -> None:
    inks = total_inks(separate(gradient(), limit))
    assert max(inks) <= limit
    # Full replacement prints a colour on at most two inks over black: 200 % at most, whatever the limit.
    assert max(inks) <= 200


def test_a_replaced_image_is_laid_out_again(art_build: tuple[Path, Path], tmp_path: Path) -> None:
    """The layout cache knows the image by its bytes, not only by its name: a new picture prints."""
    root, out = art_build
    copy = tmp_path / "project"
    shutil.copytree(root, copy)
    mirrored = gradient().transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    mirrored.save(copy / "content" / "art" / "duct.png")
    result = run_sw28("build", "campaign", "--lang", "en", "--edition", "screen", "--out", str(copy / "build"),
                      cwd=copy)
    assert result.returncode == 0, result.stdout + result.stderr
    with pikepdf.open(copy / "build" / "en" / "screen" / "campaign.pdf") as document:
        images = _images(document)
        assert len(images) == 1
        assert PdfImage(images[0]).as_pil_image().convert("RGB").tobytes() == mirrored.tobytes()


def test_doctests() -> None:
    for module in (image_inks, art_check):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("name", ["art.png", "art.jpg", "art.tif", "alpha.png"])
def test_every_supplied_format_is_separated_flat(tmp_path: Path, name: str) -> None:
    """PNG (with an alpha channel too), JPEG and TIFF as WeasyPrint embeds them: CMYK, no soft mask left."""
    image = gradient()
    if name.startswith("alpha"):
        image = image.convert("RGBA")
        image.putalpha(Image.linear_gradient("L").resize(image.size))
    image.save(tmp_path / name)
    pdf = weasyprint.HTML(string=f'<img src="{(tmp_path / name).as_uri()}" style="width: 50mm">').write_pdf()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        assert image_inks.images_in_inks(document, 240) == 1
        document.save(tmp_path / "out.pdf")
    with pikepdf.open(tmp_path / "out.pdf") as document:
        images = _images(document)
        assert [(str(image["/ColorSpace"]), "/SMask" in image) for image in images] == [("/DeviceCMYK", False)]
        assert max(total_inks(PdfImage(images[0]).as_pil_image())) <= 240


def test_without_an_ink_limit_an_rgb_image_stops_the_print_file(tmp_path: Path) -> None:
    gradient().save(tmp_path / "art.png")
    pdf = weasyprint.HTML(string=f'<img src="{(tmp_path / "art.png").as_uri()}" style="width: 50mm">').write_pdf()
    with pikepdf.open(io.BytesIO(pdf)) as document, pytest.raises(EditionError, match="ink limit"):
        image_inks.images_in_inks(document, None, "en/press/test.pdf")
