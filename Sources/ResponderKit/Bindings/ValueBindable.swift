import Foundation
import Observation

/// Views whose properties can be bound to `@Observable` models: every ``View``. The methods
/// live on this protocol so a key path like `\.text` is rooted at the view's own type, the way
/// Foundation's `observe(_:options:changeHandler:)` is declared.
@MainActor
public protocol ValueBindable: View {}

extension View: ValueBindable {}

extension ValueBindable {
  /// Binds a property of this view to a property of a model, Cocoa-bindings style.
  ///
  /// ```swift
  /// titleField.bind(\.text, to: item, \.title, undoActionName: "Rename") { title in
  ///   guard !title.isEmpty else { throw ItemError.emptyTitle }
  ///   return title
  /// }
  /// ```
  ///
  /// The view shows the model's value at once, then follows every change of it, once per
  /// frame however many changes were made (see ``ValueBinding``). When `modelKeyPath` is
  /// writable and this view is a control or a text view, the user's changes go back to the
  /// model: a control's `.valueChanged`, a text field's or text view's end of editing.
  /// Binding the same view property again replaces the earlier binding.
  ///
  /// - Parameters:
  ///   - keyPath: The view's property, such as `\.text`, `\.isOn` or `\.isEnabled`.
  ///   - model: The `@Observable` object; held weakly.
  ///   - modelKeyPath: The model's property. A read-only key path makes a one-way binding.
  ///   - updatesContinuously: Whether a text field or text view sets the model on every
  ///     change as the user types (`.editingChanged`), rather than when editing ends: AppKit's
  ///     "Continuously Updates Value" option. Each change is then validated and undoable.
  ///     The model's value is a `String`, so each change then copies the whole text once
  ///     (about 1 ms per megabyte); for long texts keep the default, which copies it when
  ///     editing ends.
  ///   - undoActionName: The name the undo menu item shows for the user's changes (`"Undo
  ///     Rename"`); the change is registered on the view's ``Responder/undoManager`` either way.
  ///   - validator: Checks, and may correct, a value the user entered before it reaches the
  ///     model, as AppKit's `validateValue(_:forKey:)`. Throwing rejects it: the model keeps
  ///     its value and the view keeps the user's entry.
  ///   - errorHandler: Told of a rejected value. Without one, an ``Alert`` shows the error,
  ///     as AppKit presents a validation error in a sheet.
  /// - Returns: The binding, owned by this view; keep it only to invalidate it early.
  @discardableResult
  public func bind<Model: AnyObject & Observable, Value: Equatable>(
    _ keyPath: ReferenceWritableKeyPath<Self, Value>,
    to model: Model,
    _ modelKeyPath: KeyPath<Model, Value>,
    updatesContinuously: Bool = false,
    undoActionName: String? = nil,
    validator: (@MainActor (Value) throws -> Value)? = nil,
    errorHandler: (@MainActor (any Error) -> Void)? = nil
  ) -> ValueBinding {
    let binding = ValueBinding(view: self, key: keyPath) { [weak self, weak model] binding in
      guard let self, let model else { return false }
      let value = withObservationTracking {
        model[keyPath: modelKeyPath]
      } onChange: { [weak binding, generation = binding.generation] in
        ValueBinding.modelWillChange(binding, generation: generation)
      }
      if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
      return true
    }
    if let writable = modelKeyPath as? ReferenceWritableKeyPath<Model, Value> {
      let commit: @MainActor () -> Void = { [weak self, weak model, weak binding] in
        guard let self, let model, let binding else { return }
        let proposed = self[keyPath: keyPath]
        guard proposed != model[keyPath: writable] else { return }
        do {
          let value = try validator?(proposed) ?? proposed
          // The committed text replaces the typing steps, as AppKit's field editor drops its
          // own undo actions when editing ends: Undo now reverts the model change.
          if self is any TextEditor { undoManager?.removeAllActions(withTarget: self) }
          ValueBinding.setValue(
            value, of: model, at: writable, undoManager: undoManager, actionName: undoActionName)
          // A corrected value equal to the model's changes nothing the model reports.
          binding.setNeedsUpdate()
        } catch {
          if let errorHandler { errorHandler(error) } else { presentValidationError(error) }
        }
      }
      binding.observeEdits(of: self, continuously: updatesContinuously, commit: commit)
    }
    attach(binding)
    return binding
  }

  /// Removes the binding of one of this view's properties; the view keeps its value.
  public func unbind(_ keyPath: PartialKeyPath<Self>) {
    valueBindings.first { $0.key == keyPath }?.invalidate()
  }
}

extension View {
  /// Every binding of this view's properties, in the order they were made.
  public var bindings: [ValueBinding] { valueBindings }

  /// Replaces a binding of the same property, shows the model's value and starts observing.
  func attach(_ binding: ValueBinding) {
    valueBindings.first { $0.key == binding.key }?.invalidate()
    valueBindings.append(binding)
    binding.updateNow()
  }

  /// Tells this view's bindings it entered or left a window.
  func bindingsDidMove(toWindow window: Window?) {
    for binding in valueBindings { binding.viewDidMove(toWindow: window) }
  }

  /// The default presentation of a rejected value: an alert naming the error.
  func presentValidationError(_ error: any Error) {
    guard let application = window?.application else { return }
    let description = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    let suggestion = (error as? any LocalizedError)?.recoverySuggestion ?? ""
    Alert(title: description, message: suggestion).beginModal(for: application)
  }
}

extension ValueBinding {
  /// Listens for the user's changes to `view`: its commit events if it is a control, the end
  /// of editing (or, `continuously`, every change) if it is a text view. Other views are
  /// bound one way.
  func observeEdits(of view: View, continuously: Bool, commit: @escaping @MainActor () -> Void) {
    if let control = view as? Control {
      var events: ControlEvents =
        control is TextField ? [.editingDidEnd, .editingDidEndOnExit] : .valueChanged
      if continuously && control is TextField { events.insert(.editingChanged) }
      let action = ControlAction(title: "Binding") { _ in commit() }
      control.addAction(action, for: events)
      setCommitTeardown { [weak control] in control?.removeAction(action, for: events) }
    } else if let textView = view as? TextView {
      var names = [TextView.textDidEndEditingNotification]
      if continuously { names.append(TextView.textDidChangeNotification) }
      let observations = names.map {
        NotificationCenter.default.addMainActorObserver(forName: $0, object: textView) { _ in commit() }
      }
      setCommitTeardown { for observation in observations { observation.cancel() } }
    }
  }

  /// Sets a model property the way a user's change does, registering its undo (which sets it
  /// back the same way, so redo works too). The undo holds the model weakly.
  static func setValue<Model: AnyObject, Value>(
    _ value: Value, of model: Model, at keyPath: ReferenceWritableKeyPath<Model, Value>,
    undoManager: UndoManager?, actionName: String?
  ) {
    let old = model[keyPath: keyPath]
    model[keyPath: keyPath] = value
    guard let undoManager else { return }
    undoManager.registerUndo(withTarget: model) { [weak undoManager] model in
      setValue(old, of: model, at: keyPath, undoManager: undoManager, actionName: actionName)
    }
    if let actionName { undoManager.setActionName(actionName) }
  }
}
