/// What the action dispatch tells a trace. The dispatch is generic over it, so that its
/// instantiation for ``ActionTrace/Off`` has no trace calls, while ``ActionTrace/On`` records
/// from the very same lines; the overridable steps of the search record into
/// `ActionTrace.searching`, which only a traced search sets.
@MainActor
protocol SearchTrace {
  /// False for ``ActionTrace/Off``: the search may then take paths that record nothing.
  static var isRecording: Bool { get }
  /// The trace recorded into, for the overridable search methods (nil for ``ActionTrace/Off``).
  var recorder: ActionTrace? { get }
  /// Records a fact; `text` is only built when recording.
  func note(_ text: @autoclosure () -> String)
  /// Records a visit (`reason` nil: chosen); the reason is only worked out when recording.
  func visit(_ object: AnyObject, _ reason: @autoclosure () -> ActionTrace.SkipReason?)
  /// Records how the dispatch ended, when nothing performed it.
  func finish(_ outcome: @autoclosure () -> String)
  /// Records the performer.
  func performed(by object: AnyObject)
}

extension ActionTrace {
  /// Tracing off: every call is empty and inlined away.
  struct Off: SearchTrace {
    static var isRecording: Bool { false }
    var recorder: ActionTrace? { nil }
    @inline(__always) func note(_ text: @autoclosure () -> String) {}
    @inline(__always) func visit(_ object: AnyObject, _ reason: @autoclosure () -> ActionTrace.SkipReason?) {}
    @inline(__always) func finish(_ outcome: @autoclosure () -> String) {}
    @inline(__always) func performed(by object: AnyObject) {}
  }

  /// Tracing on: records into `trace`.
  struct On: SearchTrace {
    let trace: ActionTrace
    static var isRecording: Bool { true }
    var recorder: ActionTrace? { trace }
    func note(_ text: @autoclosure () -> String) { trace.note(text()) }
    func visit(_ object: AnyObject, _ reason: @autoclosure () -> ActionTrace.SkipReason?) {
      trace.visit(object, reason())
    }
    func finish(_ outcome: @autoclosure () -> String) { trace.finish(outcome()) }
    func performed(by object: AnyObject) { trace.performed(by: object) }
  }
}
