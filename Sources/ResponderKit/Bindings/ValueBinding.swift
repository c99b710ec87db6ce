import Foundation
import Observation

/// A live connection between a view's property and a property of an `@Observable` model,
/// made by ``ValueBindable/bind(_:to:_:updatesContinuously:undoActionName:validator:errorHandler:)``: what Cocoa
/// bindings are to AppKit, built on Swift's Observation instead of key-value observing.
///
/// The view owns its bindings (as an `NSView` owns its Cocoa bindings), so a form needs no
/// storage for them; keep the handle only to ``invalidate()`` one early. A binding holds
/// neither the view nor the model: it goes away with its view, and ends itself at its next
/// update once its model is gone.
///
/// - **Model → view**: a model change marks the binding and its view for display; just
///   before the next frame is drawn (``Application/render(into:)``) every marked binding
///   copies the model's value into its view once, so a hundred changes in one event make one
///   update and one frame.
/// - **View → model**: when the user changes the control (`.valueChanged`; a text field's or
///   text view's end of editing), the value goes through the validator and is set on the
///   model with its undo registered on the view's ``Responder/undoManager``.
/// - A view that leaves its window stops observing (a screen pushed under a navigation
///   stack does no work); when it comes back it shows the model's current value.
@MainActor
public final class ValueBinding {
  /// Whether the binding still connects its view and model: false once invalidated, or once
  /// an update found the view or the model deallocated.
  public private(set) var isValid = true

  /// Whether the view is out of its window, so the model is not being observed.
  public private(set) var isSuspended = false

  /// Which property of the view this binds; a second binding of it replaces this one.
  let key: AnyKeyPath
  weak var view: View?
  /// Reads the model under observation tracking and copies the value into the view; false
  /// when the view or the model is gone.
  private let refresh: @MainActor (ValueBinding) -> Bool
  /// Stops listening to the view's edits.
  private var stopCommitting: (@MainActor () -> Void)?
  /// Bumped whenever observation restarts or stops, so a stale `onChange` is ignored
  /// (Observation gives no way to cancel a tracking registration).
  private(set) var generation = 0
  private var isPending = false

  init(view: View, key: AnyKeyPath, refresh: @escaping @MainActor (ValueBinding) -> Bool) {
    self.view = view
    self.key = key
    self.refresh = refresh
  }

  /// Sets up the view → model direction; `stop` undoes it on invalidation.
  func setCommitTeardown(_ stop: @escaping @MainActor () -> Void) {
    stopCommitting = stop
  }

  /// Disconnects the view from the model: no more updates either way. The view keeps its
  /// current value.
  public func invalidate() {
    guard isValid else { return }
    isValid = false
    generation += 1
    stopCommitting?()
    stopCommitting = nil
    view?.valueBindings.removeAll { $0 === self }
  }

  // MARK: Model → view

  /// Copies the model's value into the view now and observes the model again.
  func updateNow() {
    guard isValid, !isSuspended else { return }
    generation += 1
    if !refresh(self) { invalidate() }
  }

  /// Called by the tracking registration made at `generation`: the model is about to change
  /// (Observation calls before the new value is stored, so it is read at the next frame).
  /// A bound model is UI state, changed on the main actor; a change from elsewhere traps, as
  /// ``NotificationCenter/addMainActorObserver(forName:object:using:)`` does.
  nonisolated static func modelWillChange(_ binding: ValueBinding?, generation: Int) {
    MainActor.assumeIsolated { binding?.setNeedsUpdate(generation: generation) }
  }

  /// Marks the binding for the next frame's update, once.
  func setNeedsUpdate(generation: Int? = nil) {
    guard isValid, !isSuspended, generation ?? self.generation == self.generation, !isPending else { return }
    isPending = true
    Self.pending.append(WeakBinding(binding: self))
    view?.setNeedsDisplay()
  }

  /// Weak, so a binding whose view went away before the frame goes too.
  private struct WeakBinding {
    weak var binding: ValueBinding?
  }
  private static var pending: [WeakBinding] = []

  /// Applies every marked binding; ``Application/render(into:)`` calls it before drawing.
  /// Updates that mark further bindings are applied in the same pass, up to a bound that
  /// stops two bindings feeding each other forever.
  static func applyPendingUpdates() {
    var passes = 0
    while !pending.isEmpty, passes < 16 {
      passes += 1
      let batch = pending
      pending = []
      for case let binding? in batch.lazy.map(\.binding) {
        binding.isPending = false
        binding.updateNow()
      }
    }
  }

  // MARK: Window moves

  /// The view entered (`window` non-nil) or left its window.
  func viewDidMove(toWindow window: Window?) {
    if window == nil {
      guard !isSuspended else { return }
      isSuspended = true
      generation += 1
    } else if isSuspended {
      isSuspended = false
      updateNow()
    }
  }
}
