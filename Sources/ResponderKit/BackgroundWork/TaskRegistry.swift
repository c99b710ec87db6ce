import Foundation

/// The tasks an application started with ``Application/startTask(named:_:)`` or
/// ``Window/startTask(named:_:)``, until each returns: what termination and a window's closing
/// cancel, and what `HeadlessDriver.runUntilIdle` waits for.
@MainActor
final class TaskRegistry {
  struct Entry {
    let name: String
    let task: Task<Void, Never>
    /// The window whose closing cancels the task; nil for the application's own tasks.
    let owner: ObjectIdentifier?
    /// How many of the task's sleeps in ``Application/sleep(for:)`` are waiting for the clock.
    var sleeps = 0
  }

  private var entries: [Int: Entry] = [:]
  private var nextID = 0

  /// Runs `operation` in a main-actor task, listed until it returns.
  func start(
    named name: String, owner: ObjectIdentifier?, _ operation: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    let id = nextID
    nextID += 1
    let task = Task { @MainActor [weak self] in
      await TaskRegistry.$currentID.withValue(id) { await operation() }
      self?.entries[id] = nil
    }
    // A task that already returned (it cannot have: it runs after this turn) is not listed.
    entries[id] = Entry(name: name, task: task, owner: owner)
    return task
  }

  /// The listed task the current code runs in (or one it started): a task-local value, so
  /// a sleep finds its entry without a search.
  @TaskLocal static var currentID: Int?

  /// Counts a sleep of the current listed task on the clock starting (+1) or ending (-1).
  func noteSleep(_ delta: Int) {
    if let id = TaskRegistry.currentID { entries[id]?.sleeps += delta }
  }

  /// Cancels the tasks `owner` started (every task when `owner` is nil).
  func cancel(ownedBy owner: ObjectIdentifier?) {
    for entry in entries.values where owner == nil || entry.owner == owner { entry.task.cancel() }
  }

  /// The names of the listed tasks that are running, not sleeping on the clock.
  var busyTaskNames: [String] {
    entries.sorted { $0.key < $1.key }.filter { $0.value.sleeps == 0 }.map(\.value.name)
  }

  /// The names of every listed task, in the order they started.
  var taskNames: [String] { entries.sorted { $0.key < $1.key }.map(\.value.name) }
}
