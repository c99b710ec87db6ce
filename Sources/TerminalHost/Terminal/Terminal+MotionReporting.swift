import Foundation

extension Terminal {
  /// Asks for motion reports with no button held (any-event tracking, `CSI ? 1003 h`) or
  /// stops them, keeping button and drag reports (1000, 1002) either way. Through
  /// ``enable(_:)``, so the mode is switched off again on exit, on a signal or a crash.
  ///
  /// Switching 1003 off leaves xterm with no mouse tracking at all (1000, 1002 and 1003 set one
  /// value), so drag reporting (1002) is asked for again after it.
  public func reportsMotion(_ on: Bool) throws {
    guard on != enabledModes.contains(.mouseMotion) else { return }
    if on {
      try enable([.mouseMotion])
    } else {
      try disable([.mouseMotion])
      if enabledModes.contains(.mouseDrag) { try write(TerminalMode.mouseDrag.enableSequence) }
    }
  }
}
