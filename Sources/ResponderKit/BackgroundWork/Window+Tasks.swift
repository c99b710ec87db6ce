import Foundation

extension Window {
  /// Starts `operation` as ``Application/startTask(named:_:)`` does, and cancels it also when
  /// this window closes: work that only this window shows (loading its list, a progress bar)
  /// stops with it. Without an application the task is not started and nil is returned.
  @discardableResult
  public func startTask(
    named name: String, _ operation: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never>? {
    application?.taskRegistry.start(named: name, owner: ObjectIdentifier(self), operation)
  }
}
