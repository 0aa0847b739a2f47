"""This machine on the local network: the address phones at the table reach it by.

One function, `lan_address()`, serves `domekit serve --lan` (the URL it prints), `domekit kit`
(the QR codes' default base URL) and so `make play`. It asks the operating system, the same way on
Linux, macOS and Windows, which source address it would use to reach a private network: a UDP
socket's connect() picks a route and sends nothing. `where_qr_codes_lead` says when a kit's base
URL cannot reach the server being started.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
# Private destinations whose route gives the LAN source address (nothing is sent to them).
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def lan_address() -> str:
    """This machine's IPv4 address on the local network, else 127.0.0.1 (no network)."""
    for target in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = str(probe.getsockname()[0])
        except OSError:
            continue
        if _usable(address):
            return address
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if _usable(address):
                return address
    except OSError:
        pass
    return LOOPBACK


def is_loopback(host: str) -> bool:
    """True for localhost and every loopback address (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def loopback_warning(base_url: str) -> str | None:
    """What `domekit kit` says when its QR codes point at this machine's loopback address."""
    host = urlsplit(base_url).hostname or ""
    if not is_loopback(host):
        return None
    return (
        f"the QR codes point at {base_url}, a loopback address: phones will not reach it. "
        "For phones at the table, build without --base-url (this machine's LAN address, "
        f"{lan_address()}) and run `domekit serve --lan`."
    )


def where_qr_codes_lead(base_url: str, port: int, lan: bool, lan_host: str) -> str | None:
    """Why phones scanning a kit made for `base_url` will not reach a tracker started on `port`,
    with `--lan` or on loopback only, on the machine whose LAN address is `lan_host`; None when
    they will (or when the URL names another host, such as a proxy in front of the tracker)."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    try:
        kit_port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return f"its base URL {base_url!r} is not a web address"
    if lan and is_loopback(host):
        return (
            f"its QR codes point at {base_url}, a loopback address: phones will not reach it "
            "(build it again without --base-url for this machine's LAN address)"
        )
    if not lan and host == lan_host and not is_loopback(host):
        return (
            f"its QR codes point at {base_url}, but this tracker listens on loopback only "
            "(add --lan)"
        )
    if (is_loopback(host) or host == lan_host) and kit_port != port:
        return f"its QR codes point at port {kit_port}, but this tracker listens on {port}"
    return None
