import Testing

@testable import ResponderKit

/// The one type that holds uncounted references: it reads its object while the invariant
/// holds, and in debug builds (these tests) a read after the object was freed stops the process
/// instead of reading freed memory.
struct UnretainedReferenceTests {
  final class Box {
    var value = 7
  }

  @Test func aReferenceReadsItsLiveObjectWithoutKeepingIt() {
    weak var released: Box?
    do {
      let box = Box()
      let reference = UnretainedReference(box)
      #expect(reference.object === box)
      #expect(reference.withObject { $0.value } == 7)
      #expect(reference.refers(to: box) && !reference.refers(to: Box()))
      released = box
    }
    #expect(released == nil)
  }

  @Test func readingAReferenceToAFreedObjectStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      var reference: UnretainedReference<Box>?
      do {
        let box = Box()
        reference = UnretainedReference(box)
      }
      _ = reference?.object.value
    }
  }

  /// A view's links are cleared by what they point to before it goes away: a view that
  /// outlives its superview, window and view controller has no next responder and reads none
  /// of them (each read would stop the process here).
  @MainActor
  @Test func aViewOutlivingEverythingAboveItHasNoLinksLeft() {
    let view = View()
    do {
      let window = Window()
      let controller = ViewController()
      let superview = View()
      superview.addSubview(view)
      window.rootView = superview
      controller.view = view
      #expect(view.next === controller && view.window === window)
    }
    #expect(view.next == nil && view.superview == nil && view.window == nil)
    #expect(view.nextLink == nil)
  }
}
