import Foundation

/// The screen selection's input: a modifier-drag selects, Copy copies, Escape or a click
/// clears. It is checked before views see input, and only while
/// ``Application/allowsScreenSelection`` is on or a selection exists, so an app that leaves
/// it off pays one Boolean test per touch report.
extension Application {
  /// Puts the text of ``screenSelection``, as the screen shows it now, on
  /// ``Pasteboard/general``; does nothing when there is none.
  public func copyScreenSelection() {
    guard let screenSelection else { return }
    // Drawing a copy of the screen marks it clean: a frame still owed to the terminal stays owed.
    let framePending = needsDisplay
    Pasteboard.general.string = screenSelection.text(in: renderScreen())
    if framePending { setNeedsDisplay() }
  }

  /// Removes ``screenSelection``.
  public func clearScreenSelection() {
    screenSelection = nil
    isDraggingScreenSelection = false
  }

  /// Whether the primary contact in `samples` belongs to the screen selection: a drag that
  /// began with ``screenSelectionModifiers`` held extends it; a press without them clears a
  /// selection and goes on to the views.
  func screenSelectionTakes(_ samples: [TouchSample]) -> Bool {
    guard let sample = samples.first(where: { $0.id == 0 }) else { return false }
    switch sample.phase {
    case .began:
      let held = sample.modifierFlags.intersection(.deviceIndependent)
      guard held == screenSelectionModifiers.intersection(.deviceIndependent) else {
        if screenSelection != nil { clearScreenSelection() }
        return false
      }
      screenSelection = ScreenSelection(anchor: sample.location, head: sample.location)
      isDraggingScreenSelection = true
      return true
    case .moved, .stationary, .ended, .cancelled:
      guard isDraggingScreenSelection else { return false }
      screenSelection?.head = sample.location
      if sample.phase == .ended || sample.phase == .cancelled {
        isDraggingScreenSelection = false
        // A click that never left its cell selects nothing.
        if let selection = screenSelection, selection.anchor.cell == selection.head.cell {
          screenSelection = nil
        }
      }
      return true
    }
  }

  /// Whether a key acts on the screen selection: Control+C copies it, Escape clears it; every
  /// other key is delivered as usual and leaves it in place.
  func screenSelectionTakes(_ key: KeyEvent) -> Bool {
    guard key.phase != .up else { return false }
    let modifiers = key.modifierFlags.intersection(.deviceIndependent)
    if key.keysym == .escape, modifiers.isEmpty {
      clearScreenSelection()
      return true
    }
    if modifiers == .control, key.charactersIgnoringModifiers.lowercased() == "c" {
      copyScreenSelection()
      return true
    }
    return false
  }
}

extension Point {
  /// The whole cell the point falls in.
  fileprivate var cell: Point { Point(x: x.rounded(.down), y: y.rounded(.down)) }
}
