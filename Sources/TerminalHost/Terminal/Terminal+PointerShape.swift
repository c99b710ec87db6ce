import ResponderKit

extension Terminal {
  /// Sets the pointer's shape over the terminal with OSC 22 (`ESC ] 22 ; name ESC \`); nil
  /// gives it back the terminal's default. The first shape records ``TerminalMode/pointerShapes``,
  /// so ``restore()`` (on exit, signals and crashes) resets the pointer.
  public func setPointerShape(_ name: String?) throws {
    try enable([.pointerShapes])
    try write(TerminalMode.pointerShape(name ?? ""))
  }
}
