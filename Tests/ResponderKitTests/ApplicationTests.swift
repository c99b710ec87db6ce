import Foundation
import Testing

@testable import ResponderKit

/// Launching, termination with its now / cancel / later answers, and events after the end.
@MainActor
struct ApplicationTests {
  @Test func finishLaunchingMakesTheApplicationSharedAndTerminationClearsIt() {
    let app = Application()
    app.finishLaunching()
    #expect(Application.shared === app)
    #expect(app.isRunning)
    app.terminate(nil)
    #expect(Application.shared !== app)
    #expect(!app.isRunning)
  }

  @Test func severalApplicationsKeepTheirOwnWindows() {
    let a = Application()
    let b = Application()
    let wa = Window()
    let wb = Window()
    a.addWindow(wa)
    b.addWindow(wb)
    wa.makeKeyAndOrderFront()
    wb.makeKeyAndOrderFront()
    #expect(a.keyWindow === wa)
    #expect(b.keyWindow === wb)
    #expect(a.windows.count == 1 && b.windows.count == 1)
  }

  @Test func terminateWithoutDelegateClosesWindowsAndCallsTheHandlerOnce() {
    let app = Application()
    let window = Window()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    var handled = 0
    app.terminationHandler = { _ in handled += 1 }
    let recorder = NotificationRecorder([Window.willCloseNotification], object: window)
    app.terminate(nil)
    #expect(app.isTerminated)
    #expect(app.windows.isEmpty)
    #expect(recorder.notes.count == 1)
    #expect(handled == 1)
    app.terminate(nil)
    #expect(handled == 1)
  }

  @Test func terminationDoesNotAskWindowsWhetherTheyMayClose() {
    let s = Scene()
    s.windowDelegate.shouldClose = false
    s.window.delegate = s.windowDelegate
    s.app.terminate(nil)
    #expect(s.app.isTerminated)
    #expect(!s.trace.calls.contains("windowDelegate.shouldClose"))
    #expect(s.trace.calls.contains("windowDelegate.willClose"))
  }

  @Test func cancelAnswerKeepsTheApplicationRunning() {
    let s = Scene()
    s.app.finishLaunching()
    s.appDelegate.reply = .cancel
    s.app.terminate(nil)
    #expect(!s.app.isTerminated)
    #expect(s.app.isRunning)
    #expect(!s.app.isTerminationPending)
    #expect(s.window.isVisible)
    #expect(!s.trace.calls.contains("appDelegate.willTerminate"))
  }

  @Test func laterAnswerThenReplyTrueTerminates() {
    let s = Scene()
    s.appDelegate.reply = .later
    s.app.terminate(nil)
    #expect(s.app.isTerminationPending)
    #expect(!s.app.isTerminated)
    // A second request while one is pending is not asked again.
    s.app.terminate(nil)
    #expect(s.trace.count("appDelegate.shouldTerminate") == 1)
    s.app.reply(toApplicationShouldTerminate: true)
    #expect(s.app.isTerminated)
    #expect(!s.app.isTerminationPending)
    #expect(s.trace.calls.contains("appDelegate.willTerminate"))
  }

  @Test func laterAnswerThenReplyFalseKeepsRunningAndCanAskAgain() {
    let s = Scene()
    s.appDelegate.reply = .later
    s.app.terminate(nil)
    s.app.reply(toApplicationShouldTerminate: false)
    #expect(!s.app.isTerminated)
    #expect(!s.app.isTerminationPending)
    #expect(s.window.isVisible)
    s.appDelegate.reply = .now
    s.app.terminate(nil)
    #expect(s.app.isTerminated)
    #expect(s.trace.count("appDelegate.shouldTerminate") == 2)
  }

  @Test func replyWithoutPendingRequestDoesNothing() {
    let s = Scene()
    s.app.reply(toApplicationShouldTerminate: true)
    #expect(!s.app.isTerminated)
  }

  @Test func terminateActionSentThroughTheChainAsksTheDelegateAndQuits() {
    let s = Scene()
    #expect(s.app.target(forAction: .terminate, to: nil, from: nil) === s.app)
    s.appDelegate.reply = .cancel
    #expect(s.app.sendAction(.terminate, to: nil, from: nil))
    #expect(!s.app.isTerminated)
    s.appDelegate.reply = .now
    #expect(s.app.sendAction(.terminate, to: nil, from: nil))
    #expect(s.app.isTerminated)
    #expect(s.trace.count("appDelegate.shouldTerminate") == 2)
  }

  @Test func eventsAndActionsAfterTerminationAreRefused() {
    let s = Scene()
    s.app.probe.accepts = [.ping]
    s.app.terminate(nil)
    #expect(!s.app.handle(.key(key(.returnKey))))
    #expect(!s.app.handle(.paste("x", timestamp: 0)))
    #expect(!s.app.handle(.touches([TouchSample(phase: .began, location: Point(x: 1, y: 1))])))
    #expect(!s.app.sendAction(.ping, to: nil, from: nil))
    #expect(!s.app.sendAction(.ping, to: s.app, from: nil))
    #expect(s.trace.performed.isEmpty)
  }

  @Test func keysAfterTheLastWindowClosedAreRefused() {
    let s = Scene()
    s.window.close()
    #expect(s.app.keyWindow == nil)
    #expect(!s.app.handle(.key(key(.returnKey))))
    #expect(!s.app.handle(.paste("x", timestamp: 0)))
    #expect(s.trace.calls.filter { $0.hasSuffix("keyDown") }.isEmpty)
  }

  @Test func inputWithNoKeyWindowIsNotDelivered() {
    let app = Application()
    #expect(!app.handle(.key(key(.returnKey))))
    #expect(app.handle(.resize(Size(width: 10, height: 5), timestamp: 0)))
    #expect(app.screenSize == Size(width: 10, height: 5))
  }

  @Test func keyEquivalentHandlerSeesKeysBeforeTheWindow() {
    let s = Scene()
    var seen: [Keysym] = []
    s.app.keyEquivalentHandler = { event in
      seen.append(event.keysym)
      return event.keysym == .f(2)
    }
    #expect(s.app.handle(.key(key(.f(2)))))
    #expect(!s.trace.calls.contains("inner.keyDown"))
    #expect(s.app.handle(.key(key(.f(3)))))
    #expect(s.trace.calls.contains("inner.keyDown"))
    #expect(seen == [.f(2), .f(3)])
  }

  @Test func renderingDrawsWindowsBackToFront() {
    let app = Application()
    app.screenSize = Size(width: 4, height: 1)
    let back = Window()
    let backView = LabelView("back")
    back.rootView = backView
    let front = Window(frame: Rect(x: 0, y: 0, width: 2, height: 1))
    front.placement = .fixed
    front.rootView = LabelView("FR")
    app.addWindow(back)
    app.addWindow(front)
    front.makeKeyAndOrderFront()
    #expect(app.renderScreen().plainText == "FRck")
  }
}

/// Draws a fixed string at its origin.
@MainActor
final class LabelView: View {
  let text: String
  init(_ text: String) {
    self.text = text
    super.init()
  }
  override func draw(in canvas: Canvas) {
    canvas.draw(text, x: 0, y: 0)
  }
}
