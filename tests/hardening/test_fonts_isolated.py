"""Only the shipped fonts can be used: a character they lack never pulls in a system font."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import PROJECT

LAY_OUT = textwrap.dedent("""
    import sys
    from pathlib import Path
    if sys.argv[3] == "isolated":
        from sacredwire.fontsetup import isolate_fonts
        isolate_fonts(Path(sys.argv[1]), Path(sys.argv[2]) / "fontconfig")
    import weasyprint
    html = '<p style="font-family: sans-serif">Snow \\u2603 and \\u9580 gate</p>'
    weasyprint.HTML(string=html).write_pdf(Path(sys.argv[2]) / "out.pdf")
""")


def _fonts_used(tmp_path: Path, mode: str) -> str:
    env = {key: value for key, value in os.environ.items() if not key.startswith("FONTCONFIG")}
    subprocess.run([sys.executable, "-c", LAY_OUT, str(PROJECT), str(tmp_path), mode], check=True, env=env,
                   capture_output=True)
    return subprocess.run(["pdffonts", str(tmp_path / "out.pdf")], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler's pdffonts")
def test_no_system_font_is_embedded(tmp_path: Path) -> None:
    shipped = subprocess.run(["fc-scan", "--format", "%{postscriptname}\n", str(PROJECT / "templates" / "fonts")],
                             capture_output=True, text=True).stdout.split() if shutil.which("fc-scan") else []
    isolated = _fonts_used(tmp_path, "isolated")
    embedded = [line.split()[0].split("+")[-1] for line in isolated.splitlines()[2:]]
    assert embedded, isolated
    for name in embedded:
        assert "DejaVu" not in name and "Droid" not in name and "Liberation" not in name, isolated
        if shipped:
            assert any(font.startswith(name) for font in shipped), (name, shipped)
    # Without the isolation this very document does take a system font: the test can fail.
    system = _fonts_used(tmp_path, "system")
    if not any(family in system for family in ("DejaVu", "Droid", "Liberation", "Noto")):
        pytest.skip("this machine has no system fonts to fall back to")
