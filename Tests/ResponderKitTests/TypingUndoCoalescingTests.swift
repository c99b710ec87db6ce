import Testing

@testable import ResponderKit

/// Typing is one undo step, as NSTextView coalesces it: "Informs the receiver that it should
/// begin coalescing successive typing operations in a new undo grouping" (AppKit,
/// `NSTextView.breakUndoCoalescing()`), whose discussion says to call it on save "to preserve
/// proper tracking of unsaved changes and the document's dirty state". A run of typing ends
/// at a selection change, at an edit that is not typing (BackSpace, Delete, cut, paste) and
/// at `breakUndoCoalescing()`.
@MainActor
struct TypingUndoCoalescingTests {
  /// What a script does to the editor.
  enum Step: CaseIterable {
    case type, newline, backSpace, left, right, paste, breakCoalescing
  }

  /// Runs a random script through `editor` and checks that undo goes back through exactly the
  /// texts a model of AppKit's rule predicts: a new step for every change except a keystroke
  /// that continues a run of typing.
  func checkRandomScripts(
    editor: some TextEditor & View, harness h: ControlHarness, breakCoalescing: () -> Void,
    steps: [Step], seed: UInt64
  ) {
    var random = SeededGenerator(state: seed)
    guard let undoManager = editor.undoManager else {
      Issue.record("no undo manager")
      return
    }
    var checkpoints: [String] = []
    var typing = false
    for _ in 0..<120 {
      let step = steps[Int.random(in: 0..<steps.count, using: &random)]
      let before = editor.storage.string
      let point = editor.insertionPoint
      switch step {
      case .type: h.type(String("abc xyz".randomElement(using: &random)!))
      case .newline: h.key(.returnKey)
      case .backSpace: h.key(.backSpace)
      case .left: h.key(.left)
      case .right: h.key(.right)
      case .paste:
        Pasteboard.general.string = "P"
        // Sent as a menu item would send it, in an event of its own.
        h.app.sendAction(.paste, to: nil, from: nil)
        undoManager.endImplicitGroupingIfNeeded()
      case .breakCoalescing: breakCoalescing()
      }
      let changed = editor.storage.string != before
      let continuesTyping = (step == .type || step == .newline) && typing
      if changed && !continuesTyping { checkpoints.append(before) }
      if step == .type || step == .newline {
        typing = true
      } else if step == .backSpace && point == 0 {
        // Nothing to delete: nothing happened, the run goes on.
      } else {
        typing = false
      }
    }
    for (index, checkpoint) in checkpoints.enumerated().reversed() {
      #expect(undoManager.canUndo, "step \(index) of \(checkpoints.count) (seed \(seed))")
      undoManager.undo()
      #expect(editor.storage.string == checkpoint, "undo of step \(index) (seed \(seed))")
    }
    #expect(!undoManager.canUndo, "more steps than the model's \(checkpoints.count) (seed \(seed))")
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aTextViewUndoesEachRunOfTypingAsOneStep(seed: UInt64) {
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 0, y: 0, width: 30, height: 8)))
    h.window.makeFirstResponder(view)
    checkRandomScripts(
      editor: view, harness: h, breakCoalescing: view.breakUndoCoalescing, steps: Step.allCases, seed: seed)
  }

  @Test(arguments: [5, 6, 7] as [UInt64])
  func aTextFieldUndoesEachRunOfTypingAsOneStep(seed: UInt64) {
    let h = ControlHarness()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 30, height: 1)))
    h.window.makeFirstResponder(field)
    // A field's Return ends editing: the script leaves it out.
    checkRandomScripts(
      editor: field, harness: h, breakCoalescing: field.breakUndoCoalescing,
      steps: Step.allCases.filter { $0 != .newline }, seed: seed)
  }

  /// A focused text view in a window, and its undo manager.
  func focusedTextView() throws -> (ControlHarness, TextView, UndoManager) {
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 0, y: 0, width: 30, height: 4)))
    h.window.makeFirstResponder(view)
    return (h, view, try #require(view.undoManager))
  }

  @Test func aRunOfTypingIsNamedTypingAndRedoesWhole() throws {
    let (h, view, undoManager) = try focusedTextView()
    h.type("hello")
    h.key(.returnKey)
    h.type("world")
    #expect(undoManager.undoMenuItemTitle == "Undo Typing")
    undoManager.undo()
    #expect(view.text == "" && view.insertionPoint == 0)
    #expect(undoManager.redoMenuItemTitle == "Redo Typing")
    undoManager.redo()
    #expect(view.text == "hello\nworld")
    #expect(!undoManager.canRedo)
    // Typing after the redo starts a new step: the redone one is not reopened.
    h.type("!")
    undoManager.undo()
    #expect(view.text == "hello\nworld")
  }

  @Test func aTerminalPasteIsItsOwnStepBetweenTyping() throws {
    let (h, view, undoManager) = try focusedTextView()
    h.type("ab")
    h.app.handle(.paste("PASTED", timestamp: 1000))
    h.type("cd")
    undoManager.undo()
    #expect(view.text == "abPASTED")
    #expect(undoManager.undoMenuItemTitle == "Undo Paste")
    undoManager.undo()
    #expect(view.text == "ab")
    undoManager.undo()
    #expect(view.text == "")
  }

  @Test func anotherRegistrationOnTheUndoManagerEndsTheRun() throws {
    let (h, view, undoManager) = try focusedTextView()
    h.type("ab")
    final class Other {}
    let other = Other()
    undoManager.registerUndo(withTarget: other) { _ in }
    undoManager.endImplicitGroupingIfNeeded()
    h.type("cd")
    undoManager.undo()
    #expect(view.text == "ab", "typing after another change is a step of its own")
  }
}
