/// Where the parser puts decoded items: an array, or a closure that handles each one at once.
/// Internal, so the parser's loop is specialised for each and the closure form copies nothing.
protocol InputSink {
  /// Takes one decoded item.
  mutating func accept(_ item: consuming TerminalInput)
}

extension Array: InputSink where Element == TerminalInput {
  @inline(__always)
  mutating func accept(_ item: consuming TerminalInput) { append(item) }
}

/// Hands each item to a closure.
struct ClosureSink: InputSink {
  /// The handler.
  let body: (TerminalInput) -> Void

  @inline(__always)
  func accept(_ item: consuming TerminalInput) { body(item) }
}
