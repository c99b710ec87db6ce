import Foundation
import ResponderKit

/// The checklists and every change made to them. Each change registers its inverse with an
/// action name ("Add Item"), so undo and redo cover all of them, and then calls
/// ``changeHandler`` (the app saves and the screens reload).
///
/// Each checklist is a document with its own undo manager, as AppKit gives each document
/// one: undoing while viewing "To Do" never undoes a change in "Groceries". Changes to the
/// set of lists (add, rename, delete, move a list) go on ``listsUndoManager``.
///
/// Lists are found by their ``Checklist/id``, items by index within their list.
@MainActor
final class ChecklistsModel {
  private(set) var checklists: [Checklist]
  /// Where changes to the set of lists register their undo: the all-lists screen's stack.
  let listsUndoManager = UndoManager()
  private var itemUndoManagers: [UUID: UndoManager] = [:]
  /// Called after every change, including those made by undo and redo.
  var changeHandler: (@MainActor () -> Void)?

  init(checklists: [Checklist] = []) {
    self.checklists = checklists
  }

  /// The lists a first launch starts with, as in the tutorial.
  static let starterLists = [
    Checklist(name: "Birthdays"),
    Checklist(
      name: "Groceries",
      items: [
        ChecklistItem(text: "Milk"), ChecklistItem(text: "Bread", checked: true),
        ChecklistItem(text: "Coffee beans"),
      ]),
    Checklist(name: "Cool Apps", items: [ChecklistItem(text: "ResponderKit", checked: true)]),
    Checklist(
      name: "To Do",
      items: [
        ChecklistItem(text: "Walk the dog"), ChecklistItem(text: "Brush my teeth", checked: true),
        ChecklistItem(text: "Learn the responder chain"), ChecklistItem(text: "Soccer practice"),
        ChecklistItem(text: "Eat ice cream", checked: true),
      ]),
  ]

  /// The index of the list with `id`, or nil when it was deleted.
  func index(ofList id: UUID) -> Int? {
    checklists.firstIndex { $0.id == id }
  }

  /// The undo manager of the list with `id`, made on first use. It outlives a deletion of the
  /// list, so undoing the deletion brings the list back with its history.
  func undoManager(forList id: UUID) -> UndoManager {
    if let manager = itemUndoManagers[id] { return manager }
    let manager = UndoManager()
    itemUndoManagers[id] = manager
    return manager
  }

  /// The list with `id`, or nil when it was deleted.
  func checklist(_ id: UUID) -> Checklist? {
    index(ofList: id).map { checklists[$0] }
  }

  /// Posted after every change; the object is the model, the `userInfo` carries the
  /// ``ChecklistsChange``. Screens update the rows it names.
  nonisolated static let didChangeNotification = Notification.Name("ChecklistsModelDidChange")

  private func changed(_ actionName: String, in undoManager: UndoManager, _ change: ChecklistsChange) {
    undoManager.setActionName(actionName)
    changeHandler?()
    NotificationCenter.default.post(
      name: ChecklistsModel.didChangeNotification, object: self,
      userInfo: [ChecklistsChange.userInfoKey: change])
  }

  // MARK: Lists

  /// Inserts a list at `index` (clamped).
  func insertList(_ list: Checklist, at index: Int, actionName: String = "Add Checklist") {
    let index = max(0, min(index, checklists.count))
    checklists.insert(list, at: index)
    let id = list.id
    listsUndoManager.registerUndo(withTarget: self) { model in
      if let at = model.index(ofList: id) { model.removeList(at: at, actionName: actionName) }
    }
    changed(actionName, in: listsUndoManager, ChecklistsChange(listID: nil, rows: .inserted(index)))
  }

  /// Removes and returns the list at `index`.
  @discardableResult
  func removeList(at index: Int, actionName: String = "Delete Checklist") -> Checklist? {
    guard checklists.indices.contains(index) else { return nil }
    let list = checklists.remove(at: index)
    listsUndoManager.registerUndo(withTarget: self) { model in
      model.insertList(list, at: index, actionName: actionName)
    }
    changed(actionName, in: listsUndoManager, ChecklistsChange(listID: nil, rows: .removed(index)))
    return list
  }

  /// Renames the list with `id`.
  func renameList(_ id: UUID, to name: String) {
    guard let index = index(ofList: id), checklists[index].name != name else { return }
    let old = checklists[index].name
    checklists[index].name = name
    listsUndoManager.registerUndo(withTarget: self) { model in model.renameList(id, to: old) }
    changed("Rename Checklist", in: listsUndoManager, ChecklistsChange(listID: nil, rows: .updated(index)))
  }

  /// Moves a list from one place to another.
  func moveList(from source: Int, to destination: Int) {
    guard checklists.indices.contains(source), checklists.indices.contains(destination), source != destination
    else { return }
    checklists.insert(checklists.remove(at: source), at: destination)
    listsUndoManager.registerUndo(withTarget: self) { model in model.moveList(from: destination, to: source) }
    changed(
      "Move Checklist", in: listsUndoManager,
      ChecklistsChange(listID: nil, rows: .moved(from: source, to: destination)))
  }

  // MARK: Items

  /// Inserts an item into the list with `id` at `index` (clamped).
  func insertItem(_ item: ChecklistItem, inList id: UUID, at index: Int, actionName: String = "Add Item") {
    guard let list = self.index(ofList: id) else { return }
    let index = max(0, min(index, checklists[list].items.count))
    checklists[list].items.insert(item, at: index)
    undoManager(forList: id).registerUndo(withTarget: self) { model in
      model.removeItem(at: index, inList: id, actionName: actionName)
    }
    changed(actionName, in: undoManager(forList: id), ChecklistsChange(listID: id, rows: .inserted(index)))
  }

  /// Removes and returns an item.
  @discardableResult
  func removeItem(at index: Int, inList id: UUID, actionName: String = "Delete Item") -> ChecklistItem? {
    guard let list = self.index(ofList: id), checklists[list].items.indices.contains(index) else {
      return nil
    }
    let item = checklists[list].items.remove(at: index)
    undoManager(forList: id).registerUndo(withTarget: self) { model in
      model.insertItem(item, inList: id, at: index, actionName: actionName)
    }
    changed(actionName, in: undoManager(forList: id), ChecklistsChange(listID: id, rows: .removed(index)))
    return item
  }

  /// Changes an item's text.
  func setText(_ text: String, ofItemAt index: Int, inList id: UUID) {
    guard let list = self.index(ofList: id), checklists[list].items.indices.contains(index) else { return }
    let old = checklists[list].items[index].text
    guard old != text else { return }
    checklists[list].items[index].text = text
    undoManager(forList: id).registerUndo(withTarget: self) { model in
      model.setText(old, ofItemAt: index, inList: id)
    }
    changed("Edit Item", in: undoManager(forList: id), ChecklistsChange(listID: id, rows: .updated(index)))
  }

  /// Checks or unchecks an item.
  func toggleItem(at index: Int, inList id: UUID) {
    guard let list = self.index(ofList: id), checklists[list].items.indices.contains(index) else { return }
    checklists[list].items[index].checked.toggle()
    undoManager(forList: id).registerUndo(withTarget: self) { model in model.toggleItem(at: index, inList: id)
    }
    // One name both ways: while undoing, the name given here labels the redo.
    changed(
      "Toggle Checkmark", in: undoManager(forList: id), ChecklistsChange(listID: id, rows: .updated(index)))
  }

  /// Moves an item within its list.
  func moveItem(from source: Int, to destination: Int, inList id: UUID) {
    guard let list = self.index(ofList: id), checklists[list].items.indices.contains(source),
      checklists[list].items.indices.contains(destination), source != destination
    else { return }
    checklists[list].items.insert(checklists[list].items.remove(at: source), at: destination)
    undoManager(forList: id).registerUndo(withTarget: self) { model in
      model.moveItem(from: destination, to: source, inList: id)
    }
    changed(
      "Move Item", in: undoManager(forList: id),
      ChecklistsChange(listID: id, rows: .moved(from: source, to: destination)))
  }
}
