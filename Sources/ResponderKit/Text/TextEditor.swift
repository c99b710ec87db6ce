/// What ``TextField`` and ``TextView`` share: a ``TextStorage``, an insertion point, and edits
/// that register their undo as the change itself (a range and the text it replaced), so undo
/// history grows with what was typed, not with the length of the text.
@MainActor
protocol TextEditor: Responder {
  var storage: TextStorage { get }
  var insertionPoint: Int { get set }
  /// Called after every change by the user, an undo or a redo: redisplay and tell observers.
  func textDidChange(from lowerBound: Int)
}

extension TextEditor {
  /// Replaces the characters in `range` (already allowed by the caller), registers the undo,
  /// puts the insertion point after the new text and reports the change.
  func performEdit(in range: Range<Int>, with string: String) {
    let (undo, end) = storage.replace(range, with: string)
    registerUndo(undo, insertionPoint: insertionPoint)
    insertionPoint = end
    textDidChange(from: undo.range.lowerBound)
  }

  /// The character before the insertion point (for BackSpace) or after it (for Delete);
  /// nil at the text's start or end.
  func rangeOfCharacter(backward: Bool) -> Range<Int>? {
    if backward { return insertionPoint > 0 ? (insertionPoint - 1)..<insertionPoint : nil }
    return insertionPoint < storage.count ? insertionPoint..<(insertionPoint + 1) : nil
  }

  /// The undo puts the text and the insertion point back, and registers the redo the same way.
  private func registerUndo(_ edit: TextStorage.Edit, insertionPoint point: Int) {
    guard let undoManager else { return }
    undoManager.registerUndo(withTarget: self) { editor in
      let redo = editor.storage.apply(edit)
      editor.registerUndo(redo, insertionPoint: editor.insertionPoint)
      editor.insertionPoint = point
      editor.textDidChange(from: edit.range.lowerBound)
    }
    undoManager.setActionName("Typing")
  }
}
