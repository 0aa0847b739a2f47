"""The store's cache of kit rows (toolkit/tracker/storage.py): a row is reused until a kit moves
on, and a row read while a move was being heard is not kept."""

from __future__ import annotations

import pytest
from tracker_helpers import new_kit

from toolkit.tracker.storage import Store


@pytest.fixture
def store(db_url):
    """A store that trusts its kit rows long, as one with a listener does."""
    store = Store(db_url)
    store.trust_kits(True)
    yield store
    store.close()


def _counting(store: Store, hear_during_read: bool) -> list[str]:
    """Count the store's reads of kit rows from the database; with `hear_during_read`, another
    process's move is heard (the cache cleared) while each read is under way."""
    reads: list[str] = []
    read = store.kit_fresh

    def kit_fresh(**key):
        row = read(**key)
        reads.append(row.kit_id if row else "")
        if hear_during_read:
            store.forget_kits()
        return row

    store.kit_fresh = kit_fresh  # type: ignore[method-assign]
    return reads


def test_a_kit_row_is_read_once_until_a_kit_moves_on(store, db_url):
    kit = new_kit(db_url)
    reads = _counting(store, hear_during_read=False)
    assert store.kit(kit_id=kit) == store.kit(kit_id=kit)
    assert reads == [kit]
    store.forget_kits()  # a move heard
    store.kit(kit_id=kit)
    assert reads == [kit, kit]


def test_a_kit_row_read_while_a_move_was_heard_is_not_kept(store, db_url):
    """The row may be the kit's old match: kept, it would be trusted for a minute."""
    kit = new_kit(db_url)
    reads = _counting(store, hear_during_read=True)
    store.kit(kit_id=kit)
    store.kit(kit_id=kit)
    assert reads == [kit, kit]
