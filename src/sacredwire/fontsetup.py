"""Make the shipped fonts the only fonts WeasyPrint can find.

WeasyPrint (through Pango) asks fontconfig for fonts, and the system's
fontconfig offers every installed font: a character the shipped fonts lack
would silently be drawn from DejaVu or some other system font and embedded in
the print file. A private ``fonts.conf`` that lists only ``templates/fonts/``
and no system folder closes that door. It must be in place before WeasyPrint
is imported, since WeasyPrint loads fontconfig's configuration on import; the
layout processes inherit it through the environment.
"""

from __future__ import annotations

import os
from pathlib import Path
from xml.sax.saxutils import escape

FONTS_DIR = Path("templates", "fonts")


def isolate_fonts(root: Path, work_dir: Path) -> Path:
    """Write a fontconfig file for the fonts of the project at ``root`` and use it.

    The file (and fontconfig's cache) go into ``work_dir``, outside the
    content; returns the path of the file.
    """
    fonts = (root / FONTS_DIR).resolve()
    work_dir.mkdir(parents=True, exist_ok=True)
    config = work_dir / "fonts.conf"
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
            f"<fontconfig>\n  <dir>{escape(str(fonts))}</dir>\n"
            f"  <cachedir>{escape(str(work_dir.resolve() / 'fontconfig-cache'))}</cachedir>\n"
            "</fontconfig>\n")
    if not config.is_file() or config.read_text(encoding="utf-8") != text:
        # Atomically: another build into the same folder may be reading it.
        temporary = config.with_name(f".{config.name}.{os.getpid()}.tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(config)
    os.environ["FONTCONFIG_FILE"] = str(config.resolve())
    # A user's own configuration (~/.config/fontconfig) must not add folders back.
    os.environ.pop("FONTCONFIG_PATH", None)
    return config
