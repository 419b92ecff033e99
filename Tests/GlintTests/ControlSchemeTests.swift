import Foundation
import Glint
import Testing

/// Every control and navigation element drawn in light and in dark, on the scheme's background:
/// each is seen (ink that stands out from the background) and its text follows the scheme (dark
/// ink in light, light ink in dark), as SwiftUI's controls do.
@Suite("Controls in light and dark")
struct ControlSchemeTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether its label is in the tint colour (SwiftUI's buttons and menus), not the text colour.
        var tinted = false
        let make: @Sendable () -> AnyView
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(name: "Button (automatic)", tinted: true) { AnyView(Button("Press me") {}) },
        Sample(name: "Button (.bordered)", tinted: true) { AnyView(Button("Press me") {}.buttonStyle(.bordered)) },
        Sample(name: "Toggle") { AnyView(Toggle("Wi-Fi", isOn: .constant(true))) },
        Sample(name: "Toggle (.checkbox)") { AnyView(Toggle("Wi-Fi", isOn: .constant(false)).toggleStyle(.checkbox)) },
        Sample(name: "Slider with a label") { AnyView(HStack { Text("Level"); Slider(value: .constant(0.4)) }) },
        Sample(name: "TextField") { AnyView(TextField("Your name", text: .constant("Ada"))) },
        Sample(name: "Picker (.segmented)") {
            AnyView(Picker("Pick", selection: .constant(1)) { Text("One").tag(1); Text("Two").tag(2) }.pickerStyle(.segmented))
        },
        Sample(name: "Picker (.menu)") { AnyView(Picker("Pick", selection: .constant(1)) { Text("One").tag(1); Text("Two").tag(2) }) },
        Sample(name: "Stepper") { AnyView(Stepper("Speed 2", value: .constant(2), in: 1...4)) },
        Sample(name: "ProgressView") { AnyView(ProgressView("Loading", value: 0.5)) },
        Sample(name: "Gauge") { AnyView(Gauge(value: 0.3) { Text("Fuel") }) },
        Sample(name: "Label") { AnyView(Label("Favourites", systemImage: "star.fill")) },
        Sample(name: "List with a section") { AnyView(List { Section("Fruit") { Text("Apple"); Text("Pear") } }) },
        Sample(name: "NavigationStack bar") { AnyView(NavigationStack { Text("Body").navigationTitle("Title") }) },
        Sample(name: "TabView") {
            AnyView(TabView { Text("First").tabItem { Text("One") }; Text("Second").tabItem { Text("Two") } })
        },
        Sample(name: "Menu", tinted: true) { AnyView(Menu("Actions") { Button("Copy") {} }) },
    ]

    /// How many pixels stand out from the background, and how many of them are dark (< 30 %
    /// grey) and light (> 70 %).
    static func ink(_ view: AnyView, _ scheme: ColorScheme) throws -> (standOut: Int, dark: Int, light: Int, tinted: Int, corner: Int) {
        let image = try ImageRenderer(content: view.padding(8).frame(width: 260, height: 120)
            .background(Color.background).environment(\.colorScheme, scheme)).render()
        let background = scheme == .light ? 255 : 0
        var counts = (0, 0, 0, 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let grey = (Int(p.red) + Int(p.green) + Int(p.blue)) / 3
                if abs(grey - background) > 60 || abs(Int(p.red) - Int(p.blue)) > 60 { counts.0 += 1 }
                if Int(p.red) < 77 && Int(p.green) < 77 && Int(p.blue) < 77 { counts.1 += 1 }
                if Int(p.red) > 178 && Int(p.green) > 178 && Int(p.blue) > 178 { counts.2 += 1 }
                if Int(p.blue) - Int(p.red) > 100 { counts.3 += 1 }
            }
        }
        return (counts.0, counts.1, counts.2, counts.3, Int(image.pixel(x: 1, y: 1).red))
    }

    @Test("seen in both schemes, on the scheme's background, its text dark in light and light in dark (a button's or menu's label in the tint in both)", arguments: samples)
    func bothSchemes(_ sample: Sample) throws {
        let light = try Self.ink(sample.make(), .light)
        let dark = try Self.ink(sample.make(), .dark)
        #expect(light.corner == 255 && dark.corner == 0, "the background: white in light, black in dark")
        #expect(light.standOut > 40, "light: \(light)")
        #expect(dark.standOut > 40, "dark: \(dark)")
        if sample.tinted {
            // The label in the accent colour (blue) in both.
            #expect(light.tinted > 20 && dark.tinted > 20, "tinted ink: light \(light), dark \(dark)")
        } else {
            // Ink of the scheme's text colour: black-ish on white, white-ish on black.
            #expect(light.dark > 20, "light has dark ink: \(light)")
            #expect(dark.light > 20, "dark has light ink: \(dark)")
        }
    }
}
