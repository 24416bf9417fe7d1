"""What raw HTML content may hold: an allow-list of elements, attributes and URL schemes.

Content is untrusted input (a pull request is enough to change it), and its
raw HTML reaches the web edition's pages. Anything not listed here is refused:
the checker reports it at its line (``check/safety.py``), and the web renderer
leaves it out of the page (:func:`sanitize`), so a page never carries what the
checker would have refused, whether or not the check ran. Content needs plain
phrasing markup and inline SVG drawings; nothing here can load, run or
animate anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser

# Elements that load, run or redirect something, or whose text is never shown
# (textarea, template...) and would swallow what follows.
REFUSED_ELEMENTS = frozenset({"link", "style", "script", "iframe", "frame", "frameset", "object", "embed",
                              "base", "meta", "applet", "portal", "audio", "video", "source", "track",
                              "textarea", "xmp", "plaintext", "noscript", "noembed", "noframes", "template"})
# SVG animation can set any attribute, a link's target included, after every check has read it.
ANIMATION_ELEMENTS = frozenset({"animate", "set", "animatemotion", "animatetransform", "animatecolor",
                                "discard", "mpath"})
ALLOWED_ELEMENTS = frozenset({
    # Phrasing and blocks.
    "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "dd", "del", "dfn", "div",
    "dl", "dt", "em", "figcaption", "figure", "hr", "i", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s",
    "samp", "small", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u",
    "ul", "var", "wbr",
    # Drawings (html.parser gives names in lower case).
    "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "title",
    "desc", "defs", "lineargradient", "radialgradient", "stop", "clippath", "symbol", "marker",
})
ALLOWED_ATTRIBUTES = frozenset({
    "class", "title", "lang", "dir", "role", "style",
    # Links and tables.
    "href", "rel", "hreflang", "cite", "datetime", "colspan", "rowspan", "scope", "headers", "start", "reversed",
    "type", "value",
    # Drawings.
    "xmlns", "viewbox", "preserveaspectratio", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
    "r", "rx", "ry", "d", "points", "dx", "dy", "rotate", "transform", "fill", "fill-opacity", "fill-rule",
    "stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
    "stroke-opacity", "opacity", "clip-rule", "font-size", "font-family", "font-weight", "font-style",
    "text-anchor", "dominant-baseline", "letter-spacing", "word-spacing", "offset", "stop-color",
    "stop-opacity", "gradientunits", "gradienttransform", "textlength", "lengthadjust", "vector-effect",
})
# Any name with one of these prefixes: labels for screen readers, and data no script reads.
ALLOWED_PREFIXES = ("aria-", "data-")
# Attributes holding a URL that is followed when clicked, and the schemes they may use.
LINK_ATTRIBUTES = frozenset({"href", "cite"})
ALLOWED_SCHEMES = ("http", "https", "mailto")
# Attributes whose value is a URL that is fetched while laying out.
FETCHED_ATTRIBUTES = frozenset({"src", "srcset", "data", "poster", "background", "xlink:href", "lowsrc",
                                "dynsrc"})
REFUSED_SCHEMES = ("javascript:", "vbscript:", "file:")
# Browsers and WeasyPrint ignore these inside a URL: "java\tscript:" is "javascript:".
IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]+")
# A CSS escape (`\75` is "u") could hide any of these, so a backslash is refused too.
_CSS_URL = re.compile(r"url\s*\(|@import|image-set\s*\(|\\", re.IGNORECASE)
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):")


@dataclass(frozen=True)
class Refusal:
    """One thing a tag holds that is not allowed: the element itself (``attribute`` None) or one attribute."""

    code: str
    message: str
    attribute: str | None = None


def url_allowed(value: str) -> bool:
    """A link target within the site (relative, or a fragment) or with an allowed scheme."""
    url = IGNORED_IN_URL.sub("", value).lower()
    match = _SCHEME.match(url)
    return match is None or match.group(1) in ALLOWED_SCHEMES


def _attribute_refusal(tag: str, name: str, value: str) -> Refusal | None:
    url = IGNORED_IN_URL.sub("", value).lower()
    shown = value.strip()[:40]
    if name == "rel" and "attachment" in value.lower().split():
        return Refusal("SAFE001", f"<{tag} rel=\"attachment\"> would embed a file in the PDF", name)
    if url.startswith(REFUSED_SCHEMES):
        return Refusal("SAFE002", f"<{tag} {name}=\"{shown}\">: {url.split(':')[0]}: URLs are not allowed", name)
    if (name in FETCHED_ATTRIBUTES or (name == "href" and tag != "a")) and url and not url.startswith("#"):
        return Refusal("SAFE003", f"<{tag} {name}=\"{shown}\"> would read a file or URL", name)
    if name == "style" and _CSS_URL.search(value):
        return Refusal("SAFE003", f"<{tag} style=...> loads a URL", name)
    if name.startswith("on"):
        return Refusal("SAFE008", f"<{tag} {name}=...>: an event handler would run a script", name)
    if name not in ALLOWED_ATTRIBUTES and not name.startswith(ALLOWED_PREFIXES):
        return Refusal("SAFE008", f"<{tag} {name}=...>: attribute {name!r} is not on the allow-list", name)
    if name in LINK_ATTRIBUTES and not url_allowed(value):
        return Refusal("SAFE002", f"<{tag} {name}=\"{shown}\">: only {', '.join(ALLOWED_SCHEMES)} links, or "
                                  f"links within the site, are allowed", name)
    return None


def refusals(tag: str, attrs: list[tuple[str, str | None]]) -> list[Refusal]:
    """What is not allowed in one start tag, as :class:`html.parser.HTMLParser` gives it."""
    found = []
    if tag in REFUSED_ELEMENTS:
        found.append(Refusal("SAFE004", f"raw HTML <{tag}> is not allowed in content"))
    elif tag in ANIMATION_ELEMENTS:
        found.append(Refusal("SAFE007", f"raw HTML <{tag}>: SVG animation is not allowed (it could change a "
                                        f"link's target after the check)"))
    elif tag not in ALLOWED_ELEMENTS:
        found.append(Refusal("SAFE007", f"raw HTML <{tag}> is not on the allow-list of elements"))
    for name, value in attrs:
        refusal = _attribute_refusal(tag, name, value or "")
        # A refused element is one finding; its attributes say more only when they read or run something.
        if refusal and not (tag in REFUSED_ELEMENTS and refusal.code == "SAFE008"):
            found.append(refusal)
    return found


# Elements whose text is script or style: left out with them.
_RAW_TEXT = frozenset({"script", "style", "xmp", "plaintext", "noscript", "noembed", "noframes", "textarea",
                       "template", "iframe"})


class _Sanitizer(HTMLParser):
    """Writes a fragment back with only what the allow-list allows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.hidden = 0  # inside an element whose text is left out

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: bool) -> None:
        refused = refusals(tag, attrs)
        if any(refusal.attribute is None for refusal in refused):
            return
        dropped = {refusal.attribute for refusal in refused}
        kept = "".join(f' {name}="{escape(value or "")}"' for name, value in attrs if name not in dropped)
        self.out.append(f"<{tag}{kept}{' /' if close else ''}>")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _RAW_TEXT:
            self.hidden += 1
        if not self.hidden:
            self._tag(tag, attrs, close=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.hidden:
            self._tag(tag, attrs, close=True)

    def handle_endtag(self, tag: str) -> None:
        if tag in _RAW_TEXT:
            self.hidden = max(0, self.hidden - 1)
        elif not self.hidden and tag in ALLOWED_ELEMENTS:
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.out.append(escape(data, quote=False))

    # Comments, declarations and processing instructions are left out.


def sanitize(fragment: str) -> str:
    """``fragment`` with every element and attribute the allow-list refuses left out (their text kept,
    except a script's or a style's); text is written back escaped."""
    sanitizer = _Sanitizer()
    sanitizer.feed(fragment)
    sanitizer.close()
    return "".join(sanitizer.out)
