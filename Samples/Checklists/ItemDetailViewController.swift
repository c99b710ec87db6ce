/// The Add Item / Edit Item screen. Adding when ``itemToEdit`` is nil, editing otherwise;
/// the result goes to the weak ``delegate``.
@MainActor
final class ItemDetailViewController: TextDetailViewController {
  /// The item being edited, or nil when adding one.
  let itemToEdit: ChecklistItem?
  /// Told the result. Held weakly: the opener owns this screen, not the other way round.
  weak var delegate: (any ItemDetailViewControllerDelegate)?

  init(itemToEdit: ChecklistItem? = nil) {
    self.itemToEdit = itemToEdit
    super.init(
      title: itemToEdit == nil ? "Add Item" : "Edit Item", prompt: "Name of the item",
      placeholder: "e.g. Buy milk", initialText: itemToEdit?.text ?? "")
  }

  override func finish(with text: String) {
    if var item = itemToEdit {
      item.text = text
      delegate?.itemDetailViewController(self, didFinishEditing: item)
    } else {
      delegate?.itemDetailViewController(self, didFinishAdding: ChecklistItem(text: text))
    }
  }

  override func didCancel() {
    delegate?.itemDetailViewControllerDidCancel(self)
  }
}
