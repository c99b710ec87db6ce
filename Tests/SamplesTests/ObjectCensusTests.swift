import EventReplay
import Foundation
import TestSupport
import Testing
import XKBKeyboard

@testable import Checklists
@testable import KeyViewer
@testable import Notes
@testable import ResponderKit
@testable import TouchLab

/// Weak references to every window, view, view controller, control and touch an application
/// showed during a session, taken after each step, so a test can check that all of them are
/// gone once the application and what built it are released.
@MainActor
final class ObjectCensus {
  private final class Entry {
    let name: String
    weak var object: AnyObject?
    init(_ object: AnyObject) {
      name = "\(type(of: object))"
      self.object = object
    }
  }

  private var entries: [Entry] = []

  /// How many objects were counted.
  var count: Int { entries.count }

  /// The type names of the counted objects still alive.
  var survivors: [String] { entries.filter { $0.object != nil }.map(\.name) }

  /// Counts `object` once.
  func add(_ object: AnyObject) {
    if !entries.contains(where: { $0.object === object }) { entries.append(Entry(object)) }
  }

  /// Counts the application, its windows, their view and controller trees, and its touches.
  func take(_ app: Application) {
    add(app)
    for window in app.windows {
      add(window)
      if let root = window.rootView { add(tree: root) }
      if let controller = window.rootViewController { add(controller: controller) }
    }
    for touch in app.activeTouches.values { add(touch) }
  }

  private func add(tree view: View) {
    add(view)
    if let controller = view.viewController { add(controller) }
    for subview in view.subviews { add(tree: subview) }
  }

  private func add(controller: ViewController) {
    add(controller)
    if controller.isViewLoaded { add(tree: controller.view) }
    for child in controller.children { add(controller: child) }
    if let navigation = controller as? NavigationController {
      for pushed in navigation.viewControllers { add(controller: pushed) }
    }
  }
}

/// Issue 13's object census: each sample runs a scripted session headlessly, quits, and once
/// the application and everything its entry point made are released, every window, view,
/// view controller, control and touch it showed has been deallocated.
@Suite("Object census after quit")
@MainActor
struct ObjectCensusTests {
  /// Runs `session` on what `make` builds, counting after every step, then quits and
  /// releases it all; returns the census.
  private func census(
    make: () throws -> (Application, AnyObject?), size: Size = Size(width: 80, height: 24),
    _ session: (HeadlessDriver, () -> Void) -> Void
  ) rethrows -> ObjectCensus {
    let census = ObjectCensus()
    try {
      let (app, owner) = try make()
      if let owner { census.add(owner) }
      let driver = HeadlessDriver(application: app, size: size)
      census.take(app)
      session(driver) { census.take(app) }
      census.take(app)
      app.terminateNow()
    }()
    return census
  }

  private func touch(_ driver: HeadlessDriver, _ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 0) {
    driver.send(.touches([TouchSample(id: id, phase: phase, location: Point(x: x, y: y))]))
  }

  @Test func checklistsEndingWithATouchDownAndAnAlertOpenLeavesNothingBehind() throws {
    let scratch = try ScratchDirectory("census")
    var sawAlert = false
    let census = census(make: {
      let controller = ChecklistsAppController(dataURL: scratch.appending("checklists.json"))
      return (controller.application, controller)
    }) { driver, count in
      driver.press("Down")
      driver.press("Return")  // Groceries
      count()
      driver.press("n")  // Add Item, with typing not saved yet
      driver.type("Tea")
      count()
      driver.press("Control+q")  // asks about the unsaved item in an alert
      count()
      sawAlert = driver.application.modalWindow is Alert
      touch(driver, .began, 40, 12)  // a touch still down at quit
      count()
    }
    #expect(sawAlert)
    #expect(census.count > 20)
    #expect(census.survivors == [])
  }

  @Test func notesLeavesNothingBehind() {
    let census = census(make: { (Notes.makeApplication(notes: Notes.examples).0, nil) }) { driver, count in
      driver.press("Down")
      driver.press("Return")  // edit a note
      count()
      driver.type(" more")
      driver.press("Escape")
      count()
      driver.press("Control+n")
      count()
      touch(driver, .began, 5, 5)
      count()
    }
    #expect(census.count > 10)
    #expect(census.survivors == [])
  }

  @Test func touchLabEndingWithAControlTrackingATouchLeavesNothingBehind() {
    let census = census(make: { (TouchLab.makeApplication().0, nil) }) { driver, count in
      touch(driver, .began, 15, 2)
      touch(driver, .ended, 15, 2)
      count()
      touch(driver, .began, 15, 2)  // the button tracks this touch until the end
      touch(driver, .moved, 16, 2)
      touch(driver, .began, 12, 4, id: 1)
      count()
    }
    #expect(census.count > 10)
    #expect(census.survivors == [])
  }

  @Test func keyViewerLeavesNothingBehind() throws {
    let census = try census(make: {
      (try KeyViewer.makeApplication(KeyViewerOptions(), decodesDevice: false).0, nil)
    }) { driver, count in
      driver.type("hello")
      driver.press("Control+a")
      count()
      touch(driver, .began, 3, 3)
      count()
    }
    #expect(census.count > 2)
    #expect(census.survivors == [])
  }
}
