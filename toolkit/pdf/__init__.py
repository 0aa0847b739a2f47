"""The print engine: pages in millimetres, card sheets with bleed and duplex backs, crop marks,
vector QR codes, meters, boards tiled at true size, reference sheets. It knows geometry, not games:
a game's kit.py says what to draw and where the data lives.

Modules: geometry (mm, paper, Rect), document (atomic PDF writing, page boxes), text (fit text),
cards (imposition, crop marks, backs), qr (vector QR codes), tiles (tiled boards, assembly key),
sheets (headings, tables, reference text, meters).
"""
