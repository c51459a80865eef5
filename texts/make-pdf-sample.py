#!/usr/bin/python3
"""Writes texts/pdf-sample.pdf: ten pages of text in three page sizes, with Debian's
python3-cairo (run: /usr/bin/python3 texts/make-pdf-sample.py)."""
import cairo

A5 = (419.53, 595.28)  # ISO A5, points
LANDSCAPE = (595.28, 419.53)  # A5 turned
LETTER = (612.0, 792.0)  # US Letter
SIZES = [A5, A5, A5, A5, LANDSCAPE, A5, A5, LETTER, A5, A5]

surface = cairo.PDFSurface("pdf-sample.pdf", *SIZES[0])
surface.set_metadata(cairo.PDF_METADATA_TITLE, "hingesim PDF sample")
for index, (width, height) in enumerate(SIZES):
    surface.set_size(width, height)
    context = cairo.Context(surface)
    context.rectangle(18, 18, width - 36, height - 36)
    context.set_line_width(1)
    context.stroke()
    context.select_font_face("DejaVu Sans")
    context.set_font_size(28 if index == 0 else 16)
    context.move_to(40, 80)
    context.show_text("hingesim PDF sample" if index == 0 else f"Page {index + 1}")
    context.set_font_size(11)
    context.move_to(40, 110)
    context.show_text(f"{width:g} x {height:g} pt" + (" (landscape)" if width > height else ""))
    context.show_page()
surface.finish()
