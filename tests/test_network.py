"""toolkit/network.py: the one LAN address lookup, and when a kit's QR codes reach a tracker."""

from __future__ import annotations

import ipaddress

import pytest

from toolkit.network import is_loopback, lan_address, loopback_warning, where_qr_codes_lead


def test_lan_address_is_a_usable_ipv4_address_or_loopback():
    address = ipaddress.ip_address(lan_address())
    assert address.version == 4
    assert str(address) == "127.0.0.1" or not (address.is_loopback or address.is_link_local)


def test_lan_address_is_found_without_hostname_dash_i(monkeypatch):
    """No subprocess: the same lookup works where `hostname -I` does not exist (macOS, Windows)."""
    import subprocess

    def refuse(*args, **kwargs):
        raise AssertionError("lan_address ran a command")

    monkeypatch.setattr(subprocess, "run", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)
    assert lan_address()


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("192.168.1.20", False),
        ("10.0.0.5", False),
        ("tracker.example.org", False),
    ],
)
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_kit_warns_only_for_loopback_base_urls():
    warning = loopback_warning("http://127.0.0.1:8000")
    assert warning is not None and "phones will not reach it" in warning
    assert loopback_warning("http://localhost:9000") is not None
    assert loopback_warning("http://192.168.1.20:8000") is None


LAN = "192.168.1.20"


@pytest.mark.parametrize(
    ("base_url", "port", "lan", "expected"),
    [
        ("http://192.168.1.20:8000", 8000, True, None),
        ("http://127.0.0.1:8000", 8000, True, "a loopback address: phones will not reach it"),
        ("http://localhost:8000", 8000, True, "a loopback address"),
        ("http://192.168.1.20:8000", 8000, False, "listens on loopback only (add --lan)"),
        ("http://127.0.0.1:8000", 8000, False, None),
        ("http://192.168.1.20:8000", 9000, True, "port 8000, but this tracker listens on 9000"),
        ("http://127.0.0.1:8001", 8000, False, "point at port 8001"),
        # Another host (a proxy in front of the tracker, another laptop): not ours to judge.
        ("https://dome.example.org", 8000, False, None),
        ("http://10.0.0.9:80", 8000, True, None),
    ],
)  # fmt: skip
def test_where_qr_codes_lead(base_url, port, lan, expected):
    problem = where_qr_codes_lead(base_url, port, lan, LAN)
    if expected is None:
        assert problem is None
    else:
        assert problem is not None and expected in problem
