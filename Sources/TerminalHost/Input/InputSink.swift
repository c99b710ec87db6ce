import ResponderKit

/// Where the parser puts decoded items: an array, or the closure of `parse(_:at:each:)`.
/// Internal, so the parser's loop is specialised for each. The closure is passed beside the
/// sink rather than stored in it: storing it would need `withoutActuallyEscaping`, whose
/// thunk cost ~11 instructions per item.
protocol InputSink {
  /// Takes one decoded item; a sink that hands items on gives it to `body`.
  mutating func accept(_ item: consuming TerminalInput, _ body: (TerminalInput) -> Void)
  /// Takes an item that may be a touch holding the parser's one-touch array, moved into it.
  /// A sink that only lends the item moves that array back into `touches`, so the next
  /// report writes it in place: no retain, release or copy of it per report.
  mutating func accept(
    _ item: consuming TerminalInput, returningTouchesTo touches: inout [TouchSample],
    _ body: (TerminalInput) -> Void)
  /// Takes the item at `slot`, which holds no references (a key typed as text), leaving the
  /// slot uninitialized. A sink that only lends the item leaves its bytes there instead of
  /// destroying it: the parser overwrites them with the next item, which saves a destroy per
  /// item.
  mutating func accept(
    referenceFreeAt slot: UnsafeMutablePointer<TerminalInput>, _ body: (TerminalInput) -> Void)
}

extension Array: InputSink where Element == TerminalInput {
  @inline(__always)
  mutating func accept(_ item: consuming TerminalInput, _ body: (TerminalInput) -> Void) { append(item) }

  @inline(__always)
  mutating func accept(
    _ item: consuming TerminalInput, returningTouchesTo touches: inout [TouchSample],
    _ body: (TerminalInput) -> Void
  ) {
    append(item)
  }

  @inline(__always)
  mutating func accept(
    referenceFreeAt slot: UnsafeMutablePointer<TerminalInput>, _ body: (TerminalInput) -> Void
  ) {
    append(slot.move())
  }
}

/// Hands each item to the closure passed beside it; usable from inlinable code, where
/// `parse(_:at:each:)` lends typed text to its caller.
@usableFromInline
struct ClosureSink: InputSink {
  // Not empty on purpose: an empty struct passed `inout` gets one shared placeholder address,
  // which ThreadSanitizer reports as a race between parsers running on different threads.
  private var notEmpty: UInt8 = 0

  @usableFromInline
  init() {}

  @inline(__always)
  func accept(_ item: consuming TerminalInput, _ body: (TerminalInput) -> Void) { body(item) }

  @inline(__always)
  func accept(
    _ item: consuming TerminalInput, returningTouchesTo touches: inout [TouchSample],
    _ body: (TerminalInput) -> Void
  ) {
    body(item)
    switch consume item {
    case .event(.touches(let samples)): touches = samples
    default: break
    }
  }

  @inlinable @inline(__always)
  func accept(referenceFreeAt slot: UnsafeMutablePointer<TerminalInput>, _ body: (TerminalInput) -> Void) {
    // Moved out and back, bit for bit: lending `slot.pointee` would copy it.
    let item = slot.move()
    body(item)
    slot.initialize(to: consume item)
  }
}
