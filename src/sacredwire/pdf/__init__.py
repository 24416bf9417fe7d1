"""Reading and rewriting PDF content streams, shared by the layout, the editions and the preflight.

``operations`` tokenizes a content stream (fast, with the span of each
operation); ``streams`` finds what a page paints (its content, its forms and
tiling patterns) and rewrites chosen operations without touching the rest.
"""
