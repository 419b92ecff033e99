// Measurements a test takes on its way (a worst pixel difference, a share of bright pixels) are
// worth seeing while tuning a tolerance, but not in every run: the run prints test results, and a
// failure's message carries the numbers it needs.
import Foundation

/// Whether `note(_:)` prints: `GLINT_TEST_NOTES=1`.
private let notesShown = ProcessInfo.processInfo.environment["GLINT_TEST_NOTES"] == "1"

/// Prints `text`, a measurement a test took, only when `GLINT_TEST_NOTES=1`.
public func note(_ text: @autoclosure () -> String) {
    if notesShown { print(text()) }
}
