import Foundation
import Testing

@testable import ResponderKit

@MainActor
@Suite struct NotificationObservationTests {
  @Test func theBlockRunsOnTheMainActorInsidePost() {
    let app = Application()
    let window = Window()
    app.addWindow(window)
    var seen: [Notification.Name] = []
    let observation = NotificationCenter.default.addMainActorObserver(
      forName: Window.didBecomeKeyNotification, object: window
    ) { seen.append($0.name) }
    window.makeKeyAndOrderFront()
    #expect(seen == [Window.didBecomeKeyNotification], "delivered before makeKey returns")
    _ = observation
  }

  @Test func cancellingOrReleasingTheObservationStopsDelivery() {
    let name = Notification.Name("NotificationObservationTests.ping")
    var count = 0
    var observation: NotificationObservation? = NotificationCenter.default.addMainActorObserver(
      forName: name
    ) { _ in count += 1 }
    NotificationCenter.default.post(name: name, object: nil)
    #expect(count == 1)
    observation?.cancel()
    observation?.cancel()  // a second cancel does nothing
    NotificationCenter.default.post(name: name, object: nil)
    #expect(count == 1)

    observation = NotificationCenter.default.addMainActorObserver(forName: name) { _ in count += 1 }
    NotificationCenter.default.post(name: name, object: nil)
    #expect(count == 2)
    observation = nil
    NotificationCenter.default.post(name: name, object: nil)
    #expect(count == 2)
  }

  @Test func notificationNamesCanBeReadOffTheMainActor() async {
    let names = await Task.detached {
      [Window.didResizeNotification, Application.didDropActionNotification]
    }.value
    #expect(
      names.map(\.rawValue) == ["RKWindowDidResizeNotification", "RKApplicationDidDropActionNotification"])
  }
}
