/// The clipboard: where Cut and Copy put text and Paste takes it from, AppKit's
/// `NSPasteboard` and UIKit's `UIPasteboard` for the terminal.
///
/// ``general`` is the one the standard text views use. It keeps its contents in the process
/// and hands each change to its ``transport``, which a host sets to reach the system
/// clipboard: TerminalHost's writes it with OSC 52 and reads it back with an OSC 52 query
/// where the terminal answers. Without a transport (a test, a headless run) the pasteboard is
/// the in-process copy alone, which a test can set and read.
///
///     Pasteboard.general.string = "milk"           // Copy
///     let text = Pasteboard.general.string ?? ""   // Paste
///
/// ``changeCount`` goes up with every change, AppKit's way of telling whether the contents
/// are still the ones an app put there.
@MainActor
public final class Pasteboard {
  /// The pasteboard of Cut, Copy and Paste.
  public static let general = Pasteboard()

  /// The text searched for last (AppKit's find pasteboard), shared by every find bar and by
  /// Find Next where no find bar is open; it never leaves the process.
  public static let find = Pasteboard()

  /// Creates a pasteboard with no contents, reaching the system clipboard through `transport`
  /// when there is one.
  public init(transport: (any PasteboardTransport)? = nil) {
    self.transport = transport
  }

  /// Carries the contents to and from the system clipboard (set by the host); nil keeps them
  /// in the process only.
  public var transport: (any PasteboardTransport)?

  /// Goes up by one with each change of the contents: a write, a clear, or contents read back
  /// from the system clipboard that differ from the last ones.
  public private(set) var changeCount = 0

  /// The in-process copy: what was written last, or read back last from the system clipboard.
  public private(set) var localString: String?

  /// The text on the pasteboard, or nil when it holds none.
  ///
  /// Reading asks the ``transport`` for the system clipboard's text and falls back to the
  /// in-process copy when it has none to give. Writing replaces the in-process copy, counts a
  /// change and hands the text to the transport; nil clears the contents.
  public var string: String? {
    get {
      if let external = transport?.readString(for: self), external != localString {
        localString = external
        changeCount += 1
      }
      return localString
    }
    set {
      localString = newValue
      changeCount += 1
      transport?.pasteboard(self, didChangeTo: newValue)
    }
  }

  /// Whether a paste may find text, without asking the system clipboard (for validating a
  /// Paste item cheaply, as UIKit's `hasStrings`): there is an in-process copy, or the
  /// transport may be able to read one.
  public var hasStrings: Bool {
    localString != nil || transport?.mayReadString == true
  }

  /// Empties the pasteboard (the system clipboard too, through the transport).
  public func clearContents() {
    string = nil
  }
}

/// What connects a ``Pasteboard`` to the system clipboard: the host implements it (TerminalHost
/// with OSC 52); a test may implement it to see what was written.
@MainActor
public protocol PasteboardTransport: AnyObject {
  /// The pasteboard's contents changed to `string` (nil: cleared): send them on.
  func pasteboard(_ pasteboard: Pasteboard, didChangeTo string: String?)

  /// The system clipboard's current text, or nil when it cannot be read now (the pasteboard
  /// then answers with its in-process copy). Called on each read of ``Pasteboard/string``, so
  /// it should return quickly once it knows the system clipboard cannot be read.
  func readString(for pasteboard: Pasteboard) -> String?

  /// Whether ``readString(for:)`` may return text (false once it knows it cannot).
  var mayReadString: Bool { get }
}
