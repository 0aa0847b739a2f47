"""`--format png` and `--format tts`, `--preview`: sizes, names, the TTS deck JSON, folders
written as a whole (toolkit/cards/outputs.py). Images are read back with Pillow."""

from __future__ import annotations

import json
import os

from PIL import Image

from tests.cards.helpers import (
    POKER_BLEED_300,
    POKER_TRIM_300,
    run,
    sheet,
)


def test_png_writes_one_image_per_printed_card_at_300_dpi_with_bleed(cli, tmp_path):
    deck = sheet(tmp_path, "name,qty,back\nFire Imp,2,Fire\nÄänisen Hiisi,1,Fire\nNone,0,\n")
    out = tmp_path / "png"
    result = run(cli, str(deck), "--format", "png", "--out", str(out))
    assert result.stdout.strip() == str(out)
    names = sorted(os.listdir(out))
    assert names == ["001-fire-imp.png", "002-fire-imp.png", "003-äänisen-hiisi.png", "back.png"]
    for name in names:
        with Image.open(out / name) as image:
            assert image.size == POKER_BLEED_300
            assert round(image.info["dpi"][0]) == 300
    assert (out / "001-fire-imp.png").read_bytes() == (out / "002-fire-imp.png").read_bytes()
    assert "3 cards as PNG files of 815 x 1110 px with bleed, 1 back" in result.stderr


def test_png_size_follows_dpi_and_the_size_in_inches(cli, tmp_path):
    deck = sheet(tmp_path, "name\nA\n")
    out = tmp_path / "png"
    run(cli, str(deck), "--format", "png", "--out", str(out), "--dpi", "150")
    with Image.open(out / "001-a.png") as image:
        assert image.size == (407, 555)  # 69 x 94 mm at 150 dpi: 407.5 and 555.1
    run(cli, str(deck), "--format", "png", "--out", str(out), "--size", "2.5x3.5in",
        "--bleed", "0.125in")  # fmt: skip
    with Image.open(out / "001-a.png") as image:
        assert image.size == (825, 1125)  # 2.75 x 3.75 in at 300 dpi


def test_png_pixels_show_the_card_the_pdf_shows(cli, tmp_path):
    """The rendered face has the dark frame line where the PDF draws it (2.5 mm inside the
    trim, so 3 + 2.5 mm from the image's edge) and is white in the bleed."""
    deck = sheet(tmp_path, "name,text\nImp,Burn.\n")
    out = tmp_path / "png"
    run(cli, str(deck), "--format", "png", "--out", str(out))
    with Image.open(out / "001-imp.png") as image:
        grey = image.convert("L")
        frame_x = round(5.5 / 25.4 * 300)
        column = [grey.getpixel((x, 555)) for x in range(frame_x - 3, frame_x + 4)]
        assert min(column) < 200
        assert grey.getpixel((10, 555)) == 255


def test_a_failed_png_build_leaves_no_folder_and_a_folder_of_other_files_is_refused(cli, tmp_path):
    deck = sheet(tmp_path, "name,image\nA,nope.png\n")
    out = tmp_path / "png"
    result = cli("cards", str(deck), "--format", "png", "--out", str(out), "--strict")
    result.assert_refused("image 'nope.png' not found")
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".png")]
    desktop = tmp_path / "desktop"
    desktop.mkdir()
    (desktop / "thesis.docx").write_text("precious")
    deck = sheet(tmp_path, "name\nA\n")
    result = cli("cards", str(deck), "--format", "png", "--out", str(desktop))
    result.assert_refused("holds 'thesis.docx', which Domekit did not write")
    assert os.listdir(desktop) == ["thesis.docx"]


def test_a_png_folder_is_replaced_as_a_whole(cli, tmp_path):
    out = tmp_path / "png"
    run(cli, str(sheet(tmp_path, "name\nA\nB\nC\n")), "--format", "png", "--out", str(out))
    assert len(os.listdir(out)) == 3
    run(cli, str(sheet(tmp_path, "name\nD\n")), "--format", "png", "--out", str(out))
    assert os.listdir(out) == ["001-d.png"]  # no card of the old deck left over
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_tts_sheets_hold_69_cards_and_the_hidden_card_without_bleed(cli, tmp_path):
    rows = "".join(f"Card {n},{2 if n == 1 else 1}\n" for n in range(1, 76))
    deck = sheet(tmp_path, "name,qty\n" + rows)
    out = tmp_path / "tts"
    result = run(cli, str(deck), "--format", "tts", "--out", str(out), "--back", "My Game")
    assert sorted(os.listdir(out)) == ["back.png", "deck-1.png", "deck-2.png", "deck.json"]
    with Image.open(out / "deck-1.png") as image:
        assert image.size == (10 * POKER_TRIM_300[0], 7 * POKER_TRIM_300[1])
    with Image.open(out / "back.png") as image:
        assert image.size == POKER_TRIM_300
    deck_json = json.loads((out / "deck.json").read_text())
    [state] = deck_json["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    assert len(state["DeckIDs"]) == 76  # 75 rows, Card 1 twice
    assert state["DeckIDs"][:3] == [100, 100, 101]
    assert state["DeckIDs"][-1] == 205  # sheet 2, its sixth card
    first = state["CustomDeck"]["1"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert first["FaceURL"] == (out / "deck-1.png").as_uri()
    assert first["BackURL"] == (out / "back.png").as_uri()
    assert state["ContainedObjects"][0]["Nickname"] == "Card 1"
    assert "76 cards on 2 TTS deck sheets (10 x 7 cells of 744 x 1039 px)" in result.stderr
    # the last cell of a sheet is the back (what TTS shows for a hidden card), not a face
    with Image.open(out / "deck-1.png") as faces, Image.open(out / "back.png") as back:
        width, height = POKER_TRIM_300
        last = faces.crop((9 * width, 6 * height, 10 * width, 7 * height))
        assert last.tobytes() == back.convert("RGB").tobytes()


def test_tts_backs_per_card_make_back_sheets(cli, tmp_path):
    deck = sheet(tmp_path, "name,back\nA,Fire\nB,Water\nC,Fire\n")
    out = tmp_path / "tts"
    run(cli, str(deck), "--format", "tts", "--out", str(out))
    assert sorted(os.listdir(out)) == ["back-1.png", "deck-1.png", "deck.json"]
    custom = json.loads((out / "deck.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True and custom["BackURL"].endswith("back-1.png")


def test_several_formats_and_a_preview_in_one_command(cli, tmp_path):
    deck = sheet(tmp_path, "name,qty\nA,3\nB,1\n")
    out = tmp_path / "all"
    result = run(cli, str(deck), "--format", "pdf,png,tts", "--preview", "--out", str(out))
    assert result.stdout.split() == [
        str(out / "deck-cards.pdf"),
        str(out / "deck-cards-png"),
        str(out / "deck-cards-tts"),
        str(out / "deck-cards-preview.png"),
    ]
    with Image.open(out / "deck-cards-preview.png") as preview:
        # two cards side by side (copies not repeated), 100 dpi, 12 px apart and around
        assert preview.size == (2 * 248 + 3 * 12, 346 + 2 * 12)
    assert len(os.listdir(out / "deck-cards-png")) == 4


def test_a_lone_card_is_a_tts_card_not_a_deck(cli, tmp_path):
    """TTS has no deck of one: the saved object is the card itself, on a 2 x 2 sheet (its
    smallest), the back in the last cell."""
    out = tmp_path / "tts"
    run(cli, str(sheet(tmp_path, "name\nRelic\n")), "--format", "tts", "--out", str(out))
    [state] = json.loads((out / "deck.json").read_text())["ObjectStates"]
    assert state["Name"] == "Card" and state["Nickname"] == "Relic" and state["CardID"] == 100
    custom = state["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (2, 2)
    with Image.open(out / "deck-1.png") as faces:
        assert faces.size == (2 * POKER_TRIM_300[0], 2 * POKER_TRIM_300[1])
