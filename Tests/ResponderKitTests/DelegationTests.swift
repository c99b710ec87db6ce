import Foundation
import Testing

@testable import ResponderKit

/// Weak delegates, automatic registration for notifications, and what happens when a
/// delegate is replaced or deallocated.
@MainActor
struct DelegationTests {
  @Test func windowDelegateIsHeldWeakly() {
    let trace = Trace()
    let window = Window()
    weak var weakDelegate: ProbeWindowDelegate?
    do {
      let delegate = ProbeWindowDelegate("gone", trace)
      window.delegate = delegate
      weakDelegate = delegate
    }
    #expect(weakDelegate == nil)
    #expect(window.delegate == nil)
  }

  @Test func deallocatedWindowDelegateGetsNothingAndNothingCrashes() {
    let trace = Trace()
    let app = Application()
    let window = Window()
    app.addWindow(window)
    do {
      let delegate = ProbeWindowDelegate("gone", trace)
      window.delegate = delegate
      window.makeKeyAndOrderFront()
    }
    #expect(trace.calls == ["gone.didBecomeKey", "gone.didBecomeMain"])
    let recorder = NotificationRecorder([Window.willCloseNotification], object: window)
    window.frame = Rect(x: 0, y: 0, width: 3, height: 3)
    #expect(window.performClose(nil))
    #expect(recorder.notes.count == 1)
    #expect(trace.calls == ["gone.didBecomeKey", "gone.didBecomeMain"])
  }

  @Test func deallocatedApplicationDelegateGetsNothingAndTerminateProceeds() {
    let trace = Trace()
    let app = Application()
    do {
      let delegate = ProbeAppDelegate("gone", trace)
      delegate.reply = .cancel
      app.delegate = delegate
    }
    #expect(app.delegate == nil)
    app.finishLaunching()
    app.terminate(nil)
    #expect(app.isTerminated)
    #expect(trace.calls.isEmpty)
  }

  @Test func deallocatedDelegateIsNotAnActionTarget() {
    let s = Scene()
    do {
      let delegate = ProbeWindowDelegate("gone", s.trace)
      delegate.probe.accepts = [.ping]
      s.window.delegate = delegate
    }
    #expect(!s.app.sendAction(.ping, to: nil, from: nil))
  }

  @Test func settingADelegateRegistersItForTheWindowsNotifications() {
    let trace = Trace()
    let app = Application()
    let window = Window()
    let delegate = ProbeWindowDelegate("d", trace)
    window.delegate = delegate
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    // Anyone posting the notification for this window reaches the delegate.
    NotificationCenter.default.post(name: Window.didResizeNotification, object: window)
    // Another window's notification does not.
    NotificationCenter.default.post(name: Window.didResizeNotification, object: Window())
    // (Adding the window fitted it to the screen: the first resize.)
    #expect(trace.calls == ["d.didResize", "d.didBecomeKey", "d.didBecomeMain", "d.didResize"])
  }

  @Test func replacingADelegateUnregistersTheOldOne() {
    let trace = Trace()
    let window = Window()
    let old = ProbeWindowDelegate("old", trace)
    let new = ProbeWindowDelegate("new", trace)
    window.delegate = old
    window.delegate = new
    NotificationCenter.default.post(name: Window.didResizeNotification, object: window)
    #expect(trace.calls == ["new.didResize"])
    window.delegate = nil
    NotificationCenter.default.post(name: Window.didResizeNotification, object: window)
    #expect(trace.calls == ["new.didResize"])
  }

  @Test func settingTheSameDelegateAgainKeepsOneRegistration() {
    let trace = Trace()
    let window = Window()
    let delegate = ProbeWindowDelegate("d", trace)
    window.delegate = delegate
    window.delegate = delegate
    NotificationCenter.default.post(name: Window.didResizeNotification, object: window)
    #expect(trace.calls == ["d.didResize"])
  }

  @Test func applicationDelegateGetsLaunchActivationAndTermination() {
    let trace = Trace()
    let app = Application()
    let delegate = ProbeAppDelegate("d", trace)
    app.delegate = delegate
    app.finishLaunching()
    #expect(app.handle(.focus(false, timestamp: 0)))
    #expect(app.handle(.focus(false, timestamp: 0)))
    #expect(app.handle(.focus(true, timestamp: 0)))
    app.terminate(nil)
    #expect(
      trace.calls == [
        "d.didFinishLaunching", "d.didResignActive", "d.didBecomeActive", "d.shouldTerminate",
        "d.willTerminate",
      ])
  }

  @Test func replacingTheApplicationDelegateUnregistersTheOldOne() {
    let trace = Trace()
    let app = Application()
    let old = ProbeAppDelegate("old", trace)
    let new = ProbeAppDelegate("new", trace)
    app.delegate = old
    app.delegate = new
    app.setActive(false)
    #expect(trace.calls == ["new.didResignActive"])
  }

  @Test func otherObserversSeeTheSameNotificationsAsTheDelegate() {
    let trace = Trace()
    let app = Application()
    let delegate = ProbeAppDelegate("d", trace)
    app.delegate = delegate
    let recorder = NotificationRecorder(
      [Application.didFinishLaunchingNotification, Application.willTerminateNotification], object: app)
    app.finishLaunching()
    app.terminate(nil)
    #expect(
      recorder.names == [Application.didFinishLaunchingNotification, Application.willTerminateNotification])
    #expect(trace.calls == ["d.didFinishLaunching", "d.shouldTerminate", "d.willTerminate"])
  }
}
