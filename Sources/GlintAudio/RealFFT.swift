// FFTW's single-precision real-to-complex transform with buffers and a plan made once: a frame
// fills `input`, calls `execute()` and reads `output`, allocating nothing.
import CFFTW
import Foundation

/// A real FFT of a fixed size, with the Blackman window the Web Audio AnalyserNode applies.
final class RealFFT {
    /// Samples per transform.
    let size: Int
    /// `size` samples to transform; `execute()` leaves them as they were.
    let input: UnsafeMutableBufferPointer<Float>
    /// `size / 2 + 1` complex bins, unnormalised: X[k] = Σ x[n] e^(−2πikn/N).
    let output: UnsafeMutablePointer<fftwf_complex>
    /// The Blackman window, α = 0.16 (Web Audio, AnalyserNode, "Blackman window").
    let window: UnsafeMutableBufferPointer<Float>
    /// Σ w[n]²: what a windowed sine's energy is divided by to read back its mean square.
    let windowEnergy: Double
    private let plan: OpaquePointer

    /// FFTW's planner is not thread-safe (only executing a plan is): plans are made and destroyed
    /// one at a time.
    private static let plannerLock = NSLock()

    init(size: Int) {
        self.size = size
        let inputPointer = fftwf_alloc_real(size)!
        input = UnsafeMutableBufferPointer(start: inputPointer, count: size)
        input.initialize(repeating: 0)
        output = fftwf_alloc_complex(size / 2 + 1)!
        window = .allocate(capacity: size)
        let alpha = 0.16, a0 = (1 - alpha) / 2, a1 = 0.5, a2 = alpha / 2
        var energy = 0.0
        for n in 0..<size {
            let x = Double(n) / Double(size)
            let w = a0 - a1 * cos(2 * .pi * x) + a2 * cos(4 * .pi * x)
            window[n] = Float(w)
            energy += w * w
        }
        windowEnergy = energy
        // FFTW_ESTIMATE picks the algorithm without timing candidates, so every run (and every
        // machine with the same FFTW) computes the same bits: renders from files stay byte-identical.
        RealFFT.plannerLock.lock()
        plan = fftwf_plan_dft_r2c_1d(Int32(size), inputPointer, output, UInt32(FFTW_ESTIMATE))
        RealFFT.plannerLock.unlock()
    }

    deinit {
        RealFFT.plannerLock.lock()
        fftwf_destroy_plan(plan)
        RealFFT.plannerLock.unlock()
        fftwf_free(input.baseAddress)
        fftwf_free(output)
        window.deallocate()
    }

    /// Copies `samples` (exactly `size`) into `input` multiplied by the window.
    func loadWindowed(_ samples: UnsafeBufferPointer<Float>) {
        for n in 0..<size { input[n] = samples[n] * window[n] }
    }

    /// Transforms `input` into `output`.
    func execute() { fftwf_execute(plan) }

    /// |X[k]|² of bin `k` (0 ... size/2), unnormalised.
    @inline(__always) func power(_ k: Int) -> Double {
        let re = Double(output[k].0), im = Double(output[k].1)
        return re * re + im * im
    }
}
