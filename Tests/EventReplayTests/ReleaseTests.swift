import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// What a headless session leaves once the test lets go of it: nothing. Each scenario runs in
/// its own scope and hands back weak references to what it made; LeakSanitizer (`make
/// sanitize`) reported these objects' weak-reference side tables as leaked before.
@Suite("Releasing a session")
@MainActor
struct ReleaseTests {
  /// Weak references to the objects of one session.
  struct Survivors {
    weak var application: Application?
    weak var driver: HeadlessDriver?
    weak var window: Window?
    weak var view: View?
    weak var recognizer: GestureRecognizer?

    /// The names of the objects still alive.
    var alive: [String] {
      [
        ("application", application as AnyObject?), ("driver", driver), ("window", window),
        ("view", view), ("recognizer", recognizer),
      ].compactMap { $0.1 == nil ? nil : $0.0 }
    }
  }

  /// Runs `scenario` on an application with one window and a full-screen view carrying
  /// `recognizer`, then drops every strong reference the test holds.
  private func session(
    with recognizer: GestureRecognizer, _ scenario: (HeadlessDriver) -> Void
  ) -> Survivors {
    let application = Application()
    let driver = HeadlessDriver(application: application, size: Size(width: 20, height: 6))
    let window = Window()
    let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 6))
    window.rootView = view
    application.addWindow(window)
    window.makeKeyAndOrderFront()
    view.addGestureRecognizer(recognizer)
    scenario(driver)
    return Survivors(
      application: application, driver: driver, window: window, view: view, recognizer: recognizer)
  }

  @Test func aLaunchedApplicationIsFreedOnceNothingHoldsIt() {
    let survivors = session(with: TapGestureRecognizer()) { $0.tap(x: 3, y: 2) }
    // `Application.shared` names the running application; it does not own it.
    #expect(survivors.alive == [])
    #expect(Application.shared == nil || Application.shared !== survivors.application)
  }

  @Test func aPressStillHeldAtTheEndKeepsNothingAlive() {
    let survivors = session(with: LongPressGestureRecognizer()) { driver in
      driver.send(.touches([TouchSample(id: 0, phase: .began, location: Point(x: 3, y: 2))]))
      driver.advance(by: 1)
    }
    #expect(survivors.alive == [])
  }

  @Test func aDoubleTapWaitingForItsSecondTapKeepsNothingAlive() {
    let survivors = session(with: Self.doubleTap()) { $0.tap(x: 3, y: 2) }
    #expect(survivors.alive == [])
  }

  private static func doubleTap() -> TapGestureRecognizer {
    let recognizer = TapGestureRecognizer()
    recognizer.numberOfTapsRequired = 2
    return recognizer
  }
}
