/// What ``TextField`` and ``TextView`` share: a ``TextStorage``, an insertion point and the
/// other end of the selection, and edits that register their undo as the change itself (a
/// range and the text it replaced), so undo history grows with what was typed, not with the
/// length of the text.
@MainActor
protocol TextEditor: Responder {
  var storage: TextStorage { get }
  /// The moving end of the selection, where typing goes when nothing is selected.
  var insertionPoint: Int { get set }
  /// The fixed end of the selection; nil (or equal to the insertion point) when nothing is
  /// selected.
  var selectionAnchor: Int? { get set }
  /// Called after every change by the user, an undo or a redo, with the range the new text
  /// holds: redisplay and tell observers.
  func textDidChange(in range: Range<Int>)
  /// Whether the user may change the text now.
  var allowsTextChanges: Bool { get }
  /// The editor's own change as the user makes it (its delegate asked, its undo registered).
  @discardableResult func replaceCharacters(in range: Range<Int>, with string: String) -> Bool
  /// Pasted text as the editor takes it (a field has no newlines).
  func normalizedPaste(_ text: String) -> String
  /// Consecutive typing as one undo step (AppKit's NSTextView coalescing).
  var typingCoalescing: TypingCoalescing { get }
}

/// Consecutive typing in a text editor as one undo step, "Undo Typing", as NSTextView
/// coalesces it: the step registered for the first keystroke grows with each next one typed
/// where the last ended. A selection change, an edit that is not typing (a deletion, a paste, a
/// cut), an undo or redo, anything else registered on the undo manager, a save of the document
/// and ``TextView/breakUndoCoalescing()`` end it; the next keystroke starts a new step. Since
/// only the first keystroke registers, a document counts one change per step.
@MainActor
final class TypingCoalescing {
  /// The open typing step: its undo (the range typed so far and the text it replaced), read
  /// by the undo handler when it runs.
  final class Step {
    var edit: TextStorage.Edit
    /// Where the insertion point was after the last keystroke.
    var end: Int
    /// The undo manager's ``UndoManager/coalescingGeneration`` right after this step's
    /// registration: another value means something came after it.
    var generation: Int
    weak var undoManager: UndoManager?

    init(edit: TextStorage.Edit, end: Int, generation: Int, undoManager: UndoManager) {
      self.edit = edit
      self.end = end
      self.generation = generation
      self.undoManager = undoManager
    }
  }

  /// The step the next keystroke may extend.
  var step: Step?
  /// Set while the editor inserts typed text, so its edit may coalesce.
  var isTyping = false
  /// Set while a window delivers a terminal paste: the text arrives as typed text, but is a
  /// paste (its own step, named "Paste", as Edit ▸ Paste is).
  static var isDeliveringPaste = false
}

extension TextEditor {
  /// The selected characters between the anchor and the insertion point, clamped to the text
  /// (so a selection over a text that shrank stays inside it); empty at the insertion point.
  var selection: Range<Int> {
    let point = min(max(0, insertionPoint), storage.count)
    let anchor = min(max(0, selectionAnchor ?? point), storage.count)
    return min(anchor, point)..<max(anchor, point)
  }

  /// Selects `range` (clamped) with the insertion point at its end.
  func select(_ range: Range<Int>) {
    typingCoalescing.step = nil
    let lower = min(max(0, range.lowerBound), storage.count)
    let upper = min(max(lower, range.upperBound), storage.count)
    selectionAnchor = lower
    insertionPoint = upper
  }

  /// Moves the insertion point to `index`; extending keeps the anchor where the selection
  /// started, otherwise the selection collapses.
  func moveInsertionPoint(to index: Int, extending: Bool) {
    typingCoalescing.step = nil
    if extending {
      if selectionAnchor == nil { selectionAnchor = insertionPoint }
    } else {
      selectionAnchor = nil
    }
    insertionPoint = index
  }

  /// A move left or right by a character: without extending, a selection collapses to its
  /// start or end (AppKit) instead.
  func moveByCharacter(forward: Bool, extending: Bool) {
    let range = selection
    if !extending, !range.isEmpty {
      moveInsertionPoint(to: forward ? range.upperBound : range.lowerBound, extending: false)
    } else {
      moveInsertionPoint(to: insertionPoint + (forward ? 1 : -1), extending: extending)
    }
  }

  /// Replaces the characters in `range` (already allowed by the caller), registers the undo
  /// (which puts the text and the selection back), puts the insertion point after the new
  /// text and reports the change.
  ///
  /// Typed text (``typeText(_:)``) inserted where the last keystroke ended, with nothing
  /// selected and nothing registered on the undo manager since, joins that keystroke's undo
  /// step instead of registering one (``TypingCoalescing``).
  func performEdit(in range: Range<Int>, with string: String, actionName: String = "Typing") {
    let before = selection
    let coalescing = typingCoalescing
    let isTyping = coalescing.isTyping
    let open = isTyping ? openTypingStep(for: range) : nil
    let (undo, end) = storage.replace(range, with: string)
    if let open {
      open.edit.range = open.edit.range.lowerBound..<undo.range.upperBound
      open.end = end
    } else {
      let step = registerUndo(undo, selection: before, actionName: actionName)
      step?.end = end
      coalescing.step = isTyping ? step : nil
    }
    selectionAnchor = nil
    insertionPoint = end
    textDidChange(in: undo.range)
  }

  /// The typing step a keystroke replacing `range` extends: still the undo manager's last,
  /// typed up to where this keystroke goes, with nothing selected in between.
  private func openTypingStep(for range: Range<Int>) -> TypingCoalescing.Step? {
    guard let step = typingCoalescing.step, let undoManager, step.undoManager === undoManager,
      step.generation == undoManager.coalescingGeneration, range.isEmpty, range.lowerBound == step.end,
      selection == step.end..<step.end
    else { return nil }
    return step
  }

  /// Inserts text the user typed through the editor's own ``replaceCharacters(in:with:)``,
  /// so that consecutive keystrokes coalesce into one undo step.
  func typeText(_ text: String) {
    let coalescing = typingCoalescing
    guard !TypingCoalescing.isDeliveringPaste else {
      coalescing.step = nil
      if replaceCharacters(in: selection, with: text) { undoManager?.setActionName("Paste") }
      return
    }
    coalescing.isTyping = true
    defer { coalescing.isTyping = false }
    if !replaceCharacters(in: selection, with: text) { coalescing.step = nil }
  }

  /// The selection when there is one, else the character before the insertion point (for
  /// BackSpace) or after it (for Delete); nil at the text's start or end.
  func rangeOfCharacter(backward: Bool) -> Range<Int>? {
    let range = selection
    if !range.isEmpty { return range }
    if backward { return insertionPoint > 0 ? (insertionPoint - 1)..<insertionPoint : nil }
    return insertionPoint < storage.count ? insertionPoint..<(insertionPoint + 1) : nil
  }

  /// The selection, or from the insertion point to the next word boundary (for Alt+BackSpace
  /// and Alt+Delete).
  func rangeOfWord(backward: Bool) -> Range<Int>? {
    let range = selection
    if !range.isEmpty { return range }
    let boundary = wordBoundary(from: insertionPoint, forward: !backward)
    let result = min(boundary, insertionPoint)..<max(boundary, insertionPoint)
    return result.isEmpty ? nil : result
  }

  /// The undo puts the text and the selection back, and registers the redo the same way.
  /// Returns the step, which typing may extend until its undo runs.
  @discardableResult
  private func registerUndo(
    _ edit: TextStorage.Edit, selection before: Range<Int>, actionName: String
  ) -> TypingCoalescing.Step? {
    guard let undoManager else { return nil }
    let step = TypingCoalescing.Step(edit: edit, end: 0, generation: 0, undoManager: undoManager)
    let registers = undoManager.isUndoRegistrationEnabled
    undoManager.registerUndo(withTarget: self) { editor in
      let edit = step.edit
      let current = editor.selection
      let redo = editor.storage.apply(edit)
      editor.registerUndo(redo, selection: current, actionName: actionName)
      if before.isEmpty {
        editor.moveInsertionPoint(to: before.lowerBound, extending: false)
      } else {
        editor.select(before)
      }
      editor.textDidChange(in: redo.range)
    }
    undoManager.setActionName(actionName)
    step.generation = undoManager.coalescingGeneration
    // A step never registered (registration disabled) must not swallow the next keystrokes.
    return registers ? step : nil
  }

  // MARK: Words

  /// Letters, digits and the underscore make words (as the word moves of AppKit and most
  /// editors count them).
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The next word end after `index` (forward) or the previous word start before it: spaces
  /// and punctuation are skipped, then a word.
  func wordBoundary(from index: Int, forward: Bool) -> Int {
    var position = min(max(0, index), storage.count)
    var inWord = false
    let step: (Character) -> Bool = { character in
      let isWord = Self.isWordCharacter(character)
      if inWord && !isWord { return false }
      if isWord { inWord = true }
      position += forward ? 1 : -1
      return true
    }
    if forward { storage.walk(from: position, step) } else { storage.walkBackward(from: position, step) }
    return position
  }

  /// The word, run of spaces or single other character at `index` (a double-click's choice).
  func wordRange(at index: Int) -> Range<Int> {
    guard storage.count > 0 else { return 0..<0 }
    let index = min(max(0, index), storage.count - 1)
    var kind = 0
    storage.walk(index..<(index + 1)) { _, character in
      kind = Self.isWordCharacter(character) ? 1 : character == " " || character == "\t" ? 2 : 0
      return false
    }
    guard kind != 0 else { return index..<(index + 1) }
    let same: (Character) -> Bool = { character in
      kind == 1 ? Self.isWordCharacter(character) : character == " " || character == "\t"
    }
    var lower = index
    storage.walkBackward(from: index) { character in
      guard same(character) else { return false }
      lower -= 1
      return true
    }
    var upper = index
    storage.walk(from: index) { character in
      guard same(character) else { return false }
      upper += 1
      return true
    }
    return lower..<upper
  }

  /// The paragraph at `index` with its newline (a triple-click's choice).
  func paragraphRange(at index: Int) -> Range<Int> {
    let start = storage.paragraphStart(index)
    let end = storage.paragraphEnd(index)
    return start..<min(storage.count, end + 1)
  }

  /// Selects what a click with `tapCount` picks at `index`: the insertion point (1), the word
  /// (2), the paragraph (3 and more).
  func select(at index: Int, tapCount: Int) {
    switch tapCount {
    case ...1: moveInsertionPoint(to: index, extending: false)
    case 2: select(wordRange(at: index))
    default: select(paragraphRange(at: index))
    }
  }

  // MARK: The pasteboard

  /// The selected text.
  var selectionText: String { storage[selection] }

  /// Copy: the selection to ``Pasteboard/general``.
  func copySelection() {
    let range = selection
    guard !range.isEmpty else { return }
    Pasteboard.general.string = storage[range]
  }

  /// Replaces the selection through the editor's own ``replaceCharacters(in:with:)``, naming
  /// the undo step.
  private func replaceSelection(with text: String, actionName: String) {
    guard allowsTextChanges else { return }
    if replaceCharacters(in: selection, with: text) { undoManager?.setActionName(actionName) }
  }

  /// Cut: the selection to ``Pasteboard/general``, then deleted, as one undo step.
  func cutSelection() {
    guard !selection.isEmpty, allowsTextChanges else { return }
    copySelection()
    replaceSelection(with: "", actionName: "Cut")
  }

  /// Paste: the text of ``Pasteboard/general`` in place of the selection, as one undo step.
  func pasteFromPasteboard() {
    guard allowsTextChanges, let text = Pasteboard.general.string else { return }
    replaceSelection(with: normalizedPaste(text), actionName: "Paste")
  }

  /// Delete: the selection removed.
  func deleteSelection() {
    guard !selection.isEmpty else { return }
    replaceSelection(with: "", actionName: "Delete")
  }

  /// Whether the editing actions on the pasteboard and the selection may run now; the others
  /// are left to the caller (nil).
  func canPerformSelectionAction(_ action: Action, editable: Bool) -> Bool? {
    switch action {
    case .copy: return !selection.isEmpty
    case .cut, .delete: return editable && !selection.isEmpty
    case .paste: return editable && Pasteboard.general.hasStrings
    case .selectAll: return !storage.isEmpty
    default: return nil
    }
  }
}

// MARK: Finding

/// What a text view highlights while the find bar is open.
struct FindHighlight {
  var query: String
  var caseSensitive: Bool
}

extension TextEditor {
  /// Selects the next (previous) match after (before) the selection, wrapping around.
  func selectTextMatch(of query: String, backward: Bool, caseSensitive: Bool) -> FindResult {
    let current = selection
    let count = storage.count
    let near =
      backward
      ? storage.lastMatch(of: query, in: 0..<current.lowerBound, caseSensitive: caseSensitive)
      : storage.firstMatch(of: query, in: current.upperBound..<count, caseSensitive: caseSensitive)
    if let near {
      select(near)
      return .found
    }
    let wrapped =
      backward
      ? storage.lastMatch(of: query, in: 0..<count, caseSensitive: caseSensitive)
      : storage.firstMatch(of: query, in: 0..<count, caseSensitive: caseSensitive)
    guard let wrapped else { return .notFound }
    select(wrapped)
    return .wrapped
  }

  /// The matches of `highlight` that touch `visible`: the cost is the visible text's.
  func matches(of highlight: FindHighlight?, touching visible: Range<Int>) -> [Range<Int>] {
    guard let highlight, !highlight.query.isEmpty else { return [] }
    let margin = highlight.query.count - 1
    let end = min(storage.count, visible.upperBound + margin)
    let from = max(0, visible.lowerBound - margin)
    return storage.matches(of: highlight.query, in: from..<end, caseSensitive: highlight.caseSensitive)
  }
}

extension Findable {
  /// Control+F, F3 and Shift+F3, for the views that search their text.
  /// They come before the text's own key bindings (Control+F is also moveForward).
  static var findKeyCommands: [KeyCommand] { textFindKeyCommands }
}

@MainActor private let textFindKeyCommands: [KeyCommand] = [
  KeyCommand(title: "Find", input: "f", modifierFlags: .control, action: .performFindPanelAction),
  KeyCommand(title: "Find Next", input: KeyCommand.inputF(3), action: .findNext),
  KeyCommand(
    title: "Find Previous", input: KeyCommand.inputF(3), modifierFlags: .shift, action: .findPrevious),
].map { command in
  var command = command
  command.wantsPriorityOverSystemBehavior = true
  return command
}
