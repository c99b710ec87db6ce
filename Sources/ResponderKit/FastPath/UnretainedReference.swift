/// A reference that neither keeps its object alive nor is counted when it is followed: the one
/// place ResponderKit steps outside Swift's memory safety.
///
/// It holds the links the framework follows on every event — a view's link up the chain, a
/// window's application and first responder, an application's key and main windows. A counted
/// reference (strong, `weak` or safe `unowned`) costs a retain and a release per step, most of
/// a step up a plain Swift chain (README's dispatch rows measure it against a walk without
/// reference counting); with this type a step of the nil-target search is a bit test and a load.
///
/// **Invariant**: the object outlives every read of the reference. Each owner states how it
/// keeps it: the object pointed to holds the owner (a superview its subviews, a window its
/// root view, an application its windows) and clears the link before it lets the owner go or
/// goes away itself. ``withObject(_:)`` adds one more rule: its body must not release the object
/// (the walks that use it call no app code; performing an action calls app code with the table
/// that the responder, held by the caller, keeps).
///
/// In debug builds every read checks the invariant through a weak shadow reference and stops
/// with a message naming the type, instead of reading freed memory (UnretainedReferenceTests).
/// Under AddressSanitizer (`make sanitize` defines `ADDRESS_SANITIZER`) ASan checks each read
/// itself, and the shadow is left out: its weak-reference side tables, which LeakSanitizer
/// cannot see Swift point to, would be reported as leaks for every object alive at exit.
struct UnretainedReference<Object: AnyObject> {
  private let reference: Unmanaged<Object>
  #if DEBUG && !ADDRESS_SANITIZER
    private weak var shadow: Object?
  #endif

  /// A reference to `object`, which must outlive it (see the invariant above).
  init(_ object: Object) {
    reference = .passUnretained(object)
    #if DEBUG && !ADDRESS_SANITIZER
      shadow = object
    #endif
  }

  /// The object, as a counted (strong) reference from here on.
  var object: Object {
    @inline(__always) get {
      checkAlive()
      return reference.takeUnretainedValue()
    }
  }

  /// Calls `body` with the object without counting a reference to it; `body` must not release it.
  @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result {
    checkAlive()
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// Whether this refers to `other`; reads nothing of the object, so it may be asked while
  /// the object is being deinitialised.
  @inline(__always)
  func refers(to other: AnyObject) -> Bool {
    UnsafeRawPointer(reference.toOpaque()) == UnsafeRawPointer(Unmanaged.passUnretained(other).toOpaque())
  }

  @inline(__always)
  private func checkAlive() {
    #if DEBUG && !ADDRESS_SANITIZER
      precondition(
        shadow != nil, "UnretainedReference<\(Object.self)>: the object was freed while still referenced")
    #endif
  }
}
