import Testing

@testable import ResponderKit

/// A system clipboard for the tests: what was sent, and what a read finds.
@MainActor
private final class RecordingTransport: PasteboardTransport {
  var sent: [String?] = []
  var external: String?
  var reads = 0
  var mayReadString = true
  func pasteboard(_ pasteboard: Pasteboard, didChangeTo string: String?) { sent.append(string) }
  func readString(for pasteboard: Pasteboard) -> String? {
    reads += 1
    return external
  }
}

@MainActor
struct PasteboardTests {
  @Test func writesKeepAnInProcessCopyCountChangesAndReachTheTransport() {
    let transport = RecordingTransport()
    let pasteboard = Pasteboard(transport: transport)
    #expect(pasteboard.changeCount == 0)
    pasteboard.string = "milk"
    pasteboard.string = "eggs"
    #expect(transport.sent == ["milk", "eggs"])
    #expect(pasteboard.changeCount == 2)
    transport.external = nil
    #expect(pasteboard.string == "eggs")  // the system clipboard gave nothing: the local copy
    pasteboard.clearContents()
    #expect(transport.sent.last == .some(nil))
    #expect(pasteboard.localString == nil)
  }

  @Test func aReadTakesTheSystemClipboardWhenItAnswersAndCountsTheChange() {
    let transport = RecordingTransport()
    let pasteboard = Pasteboard(transport: transport)
    pasteboard.string = "ours"
    transport.external = "from another app"
    #expect(pasteboard.string == "from another app")
    #expect(pasteboard.changeCount == 2)
    #expect(pasteboard.string == "from another app")
    #expect(pasteboard.changeCount == 2)  // the same contents again: no change
  }

  @Test func hasStringsNeverReadsTheSystemClipboard() {
    let transport = RecordingTransport()
    let pasteboard = Pasteboard(transport: transport)
    #expect(pasteboard.hasStrings)  // the transport may have text
    transport.mayReadString = false
    #expect(!pasteboard.hasStrings)
    pasteboard.string = "x"
    #expect(pasteboard.hasStrings)
    #expect(transport.reads == 0)
    #expect(!Pasteboard().hasStrings)
  }
}
