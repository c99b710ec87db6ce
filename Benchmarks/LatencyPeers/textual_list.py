"""The latency benchmark's Textual peer: the same four-row list as Benchmarks/LatencyPeers
latency_peers.c and LatencyBenchmarks --list, "Item 1"..."Item 4" in an OptionList with the
first highlighted; Down and Up move the highlight (OptionList's own bindings), q quits.

Run by LatencyBenchmarks with the private virtualenv's Python (`make bench-deps`)."""
from textual.app import App, ComposeResult
from textual.widgets import OptionList


class FourRows(App):
    CSS = "OptionList { border: none; padding: 0; height: 4; }"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield OptionList("Item 1", "Item 2", "Item 3", "Item 4")


if __name__ == "__main__":
    FourRows().run()
