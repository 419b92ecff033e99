import Testing
@testable import GlintCore

@Suite("Arrays grown by zeroed elements")
struct ZeroedGrowthTests {
    @Test("appendZeroed keeps what was there and adds zeros, across the 64 KiB blocks it copies from")
    func keepsAndZeroes() {
        var bytes: [UInt8] = [7, 8, 9]
        bytes.appendZeroed(200_000)
        #expect(bytes.count == 200_003)
        #expect(Array(bytes.prefix(3)) == [7, 8, 9])
        #expect(bytes.dropFirst(3).allSatisfy { $0 == 0 })

        var numbers: [Double] = [1.5]
        numbers.appendZeroed(9_000)  // 8-byte elements: more than one block
        #expect(numbers.count == 9_001 && numbers[0] == 1.5 && numbers.dropFirst().allSatisfy { $0 == 0 })
    }

    @Test("a buffer shrunk and regrown within its capacity stays in the same storage, zeroed again")
    func regrowsInPlace() {
        var bytes = [UInt8](repeating: 5, count: 4_096)
        let before = bytes.withUnsafeBufferPointer { $0.baseAddress }
        bytes.resizeZeroed(to: 100)
        #expect(bytes.count == 100 && bytes.allSatisfy { $0 == 5 })
        bytes.resizeZeroed(to: 4_000)
        #expect(bytes.count == 4_000)
        #expect(bytes.prefix(100).allSatisfy { $0 == 5 } && bytes.dropFirst(100).allSatisfy { $0 == 0 })
        #expect(bytes.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    @Test("resetZeroed leaves exactly `count` zero elements, shrinking, growing, and in place within the capacity")
    func resets() {
        var bytes = [UInt8](repeating: 9, count: 5_000)
        bytes.resetZeroed(count: 3_000)
        #expect(bytes.count == 3_000 && bytes.allSatisfy { $0 == 0 })
        bytes = bytes.map { _ in 9 }
        bytes.resetZeroed(count: 70_000)
        #expect(bytes.count == 70_000 && bytes.allSatisfy { $0 == 0 })
        var kept = [Int16](repeating: 7, count: 64)
        kept.reserveCapacity(128)
        let storage = kept.withUnsafeBufferPointer { $0.baseAddress }
        kept.resetZeroed(count: 100)
        #expect(kept.count == 100 && kept.allSatisfy { $0 == 0 })
        #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }
}
