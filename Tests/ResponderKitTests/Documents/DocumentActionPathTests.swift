import Foundation
import Testing

@testable import ResponderKit

// The nil-target search of a document-based app, checked against Apple's documented order
// and GNUstep's reconstruction of it:
// - "The Path of Action Messages" (Cocoa Event Handling Guide, Event Architecture): in a
//   document-based app the key window's chain runs first responder … window, then its window
//   controller (the window's next responder), the window's delegate and the NSDocument; then
//   the same for the main window; then NSApp, its delegate and, last, the
//   NSDocumentController;
// - NSApplication.sendAction(_:to:from:) ("try every nextResponder in the chain, then the key
//   window's delegate", https://developer.apple.com/documentation/appkit/nsapplication/sendaction(_:to:from:));
// - GNUstep libs-gui, Source/NSApplication.m: `-_targetForAction:window:` walks the window's
//   responder chain and its delegate, then tries `[sdc documentForWindow: window]`;
//   `-_targetForAction:keyWindow:mainWindow:` tries the key window, the main window, NSApp,
//   its delegate, and "as last resort in a document based app" the shared document controller.

extension Action {
  fileprivate static let documentProbe = Action("documents.documentProbe")
}

/// Which objects answer the probe now.
@MainActor private var answering: Set<ObjectIdentifier> = []
@MainActor private func answers(_ object: AnyObject) -> Bool { answering.contains(ObjectIdentifier(object)) }

@MainActor
private final class DocProbeView: View {
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override var canBecomeFirstResponder: Bool { true }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class DocProbeWindow: Window {
  var main = true
  override var canBecomeMain: Bool { main }
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class DocProbeWindowController: WindowController {
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class DocProbeDelegate: WindowDelegate, ApplicationDelegate, ActionTarget {
  static var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool { answers(self) }
}

@MainActor
private final class DocProbeDocument: Document {
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class DocProbeApplication: Application {
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class DocProbeDocumentController: DocumentController {
  override class var actionTable: ActionTable { .declared(by: self) { $0.add(.documentProbe) { _ in } } }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .documentProbe ? answers(self) : super.canPerformAction(action, withSender: sender)
  }
}

/// A document-based app: a key window that cannot be main (a panel with its own document) in
/// front of the main window, each with a focused view, a window controller, a delegate and a
/// document; the application with its delegate and document controller.
@MainActor
private struct DocumentApp {
  let app = DocProbeApplication()
  let appDelegate = DocProbeDelegate()
  let documents = DocProbeDocumentController(documentType: DocProbeDocument.self)
  let key = Part(main: false, name: "key")
  let main = Part(main: true, name: "main")

  @MainActor
  struct Part {
    let view = DocProbeView()
    let window = DocProbeWindow()
    let controller = DocProbeWindowController()
    let delegate = DocProbeDelegate()
    let document = DocProbeDocument()

    init(main: Bool, name: String) {
      window.main = main
      window.identifier = name
      view.identifier = "\(name) view"
      controller.identifier = "\(name) controller"
      window.rootView = view
      window.delegate = delegate
      controller.window = window
      document.addWindowController(controller)
    }

    var inOrder: [AnyObject] { [view, window, controller, delegate, document] }
  }

  init() {
    app.delegate = appDelegate
    app.documentController = documents
    for part in [main, key] {
      documents.addDocument(part.document)
      part.controller.showWindow(nil)
      // Shown before the app has it: showWindow adds it to the running application.
      app.addWindow(part.window)
      part.window.makeKeyAndOrderFront()
      part.window.makeFirstResponder(part.view)
    }
  }

  /// Apple's order, first to last.
  var documentedOrder: [AnyObject] { key.inOrder + main.inOrder + [app, appDelegate, documents] }
}

@MainActor
struct DocumentActionPathTests {
  @Test func eachObjectOfADocumentBasedAppIsAskedInAppKitsOrder() throws {
    let shape = DocumentApp()
    #expect(shape.app.keyWindow === shape.key.window)
    #expect(shape.app.mainWindow === shape.main.window)
    let order = shape.documentedOrder
    // Enabling from the last object to the first: each must win over every later one, so the
    // search asks them in exactly this order.
    answering = []
    defer { answering = [] }
    #expect(shape.app.target(forAction: .documentProbe, to: nil, from: nil) == nil)
    for object in order.reversed() {
      answering.insert(ObjectIdentifier(object))
      let found = shape.app.target(forAction: .documentProbe, to: nil, from: nil)
      #expect(
        found === object, "expected \(ActionTrace.name(of: object)), found \(ActionTrace.name(of: found))")
    }
  }

  @Test func theTraceNamesTheWindowControllerTheDocumentAndTheDocumentController() {
    let shape = DocumentApp()
    answering = []
    let trace = ActionTrace()
    shape.app.actionTrace = trace
    shape.app.sendAction(.documentProbe, to: nil, from: nil)
    let visits = trace.text.split(separator: "\n").filter { $0.hasSuffix("canPerformAction said no") }
    #expect(
      visits.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "DocProbeView \"key view\": canPerformAction said no",
        "DocProbeWindow \"key\": canPerformAction said no",
        "DocProbeWindowController \"key controller\": canPerformAction said no",
        "DocProbeDelegate: canPerformAction said no",
        "DocProbeDocument \"Untitled 2\": canPerformAction said no",
        "DocProbeView \"main view\": canPerformAction said no",
        "DocProbeWindow \"main\": canPerformAction said no",
        "DocProbeWindowController \"main controller\": canPerformAction said no",
        "DocProbeDelegate: canPerformAction said no",
        "DocProbeDocument \"Untitled\": canPerformAction said no",
        "DocProbeApplication: canPerformAction said no",
        "DocProbeDelegate: canPerformAction said no",
        "DocProbeDocumentController: canPerformAction said no",
      ], "\(trace.text)")
  }

  @Test func theWindowControllerIsTheWindowsNextResponderAndKeysPassThroughIt() {
    let shape = DocumentApp()
    #expect(shape.key.window.next === shape.key.controller)
    #expect(shape.key.controller.next === shape.app)
    #expect(shape.key.window.windowController === shape.key.controller)
  }

  @Test func saveReachesTheDocumentAndNewReachesTheDocumentController() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    let window = try #require(document.windowControllers.first?.window)
    #expect(harness.app.target(forAction: .saveDocument, to: nil, from: nil) === document)
    #expect(harness.app.target(forAction: .newDocument, to: nil, from: nil) === harness.controller)
    #expect(harness.controller.document(for: window) === document)
    #expect(harness.controller.currentDocument === document)
    harness.app.sendAction(.newDocument, to: nil, from: nil)
    #expect(harness.controller.documents.count == 2)
    #expect(harness.controller.documents.last?.displayName == "Untitled")
    #expect(harness.app.keyWindow?.title == "Untitled")
  }

  @Test func aKeyBindingsCommandReachesTheDocumentThroughTheWindowController() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    let window = try #require(harness.app.keyWindow)
    #expect(window.contentResponder.tryToPerform(.saveDocument, with: nil))
    #expect(harness.files.text(at: URL(fileURLWithPath: "/docs/a.txt")) == "one two")
  }
}
