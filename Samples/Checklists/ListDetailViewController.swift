/// The Add Checklist / Edit Checklist screen, built like ``ItemDetailViewController``.
@MainActor
final class ListDetailViewController: TextDetailViewController {
  /// The checklist being renamed, or nil when adding one.
  let checklistToEdit: Checklist?
  /// Told the result; held weakly.
  weak var delegate: (any ListDetailViewControllerDelegate)?

  init(checklistToEdit: Checklist? = nil) {
    self.checklistToEdit = checklistToEdit
    super.init(
      title: checklistToEdit == nil ? "Add Checklist" : "Edit Checklist", prompt: "Name of the checklist",
      placeholder: "e.g. Groceries", initialText: checklistToEdit?.name ?? "")
  }

  override func finish(with text: String) {
    if var checklist = checklistToEdit {
      checklist.name = text
      delegate?.listDetailViewController(self, didFinishEditing: checklist)
    } else {
      delegate?.listDetailViewController(self, didFinishAdding: Checklist(name: text))
    }
  }

  override func didCancel() {
    delegate?.listDetailViewControllerDidCancel(self)
  }
}
