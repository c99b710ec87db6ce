/// Where the parser puts decoded items: an array, or a closure that handles each one at once.
/// Internal, so the parser's loop is specialised for each and the closure form copies nothing.
protocol InputSink {
  /// Takes one decoded item.
  mutating func accept(_ item: consuming TerminalInput)
  /// Takes an item that holds no references (a key typed as text). A sink that only lends
  /// the item moves it to `spare` afterwards instead of destroying it: the parser overwrites
  /// that memory with the next item, which saves a destroy per typed character.
  mutating func accept(
    referenceFree item: consuming TerminalInput, spare: UnsafeMutablePointer<TerminalInput>)
}

extension Array: InputSink where Element == TerminalInput {
  @inline(__always)
  mutating func accept(_ item: consuming TerminalInput) { append(item) }

  @inline(__always)
  mutating func accept(
    referenceFree item: consuming TerminalInput, spare: UnsafeMutablePointer<TerminalInput>
  ) {
    append(item)
  }
}

/// Hands each item to a closure.
struct ClosureSink: InputSink {
  /// The handler.
  let body: (TerminalInput) -> Void

  @inline(__always)
  func accept(_ item: consuming TerminalInput) { body(item) }

  @inline(__always)
  func accept(referenceFree item: consuming TerminalInput, spare: UnsafeMutablePointer<TerminalInput>) {
    body(item)
    spare.initialize(to: item)
  }
}
