import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Core's sentences are the domain's part only: no front end's flags or commands (rule A-3).
@Suite("Words without a front end's flags (A-3)")
struct MessageWordsTests {
    static let day = LocalDay("2026-12-01")!
    static let id = UUID()

    static let signals: [Signal] = [
        .prioritisationPrompt(day: day), .importanceEased(task: id), .suggestRemoval(task: id), .stale(task: id),
        .sessionCarriedOver(task: id), .twoTimersStopped, .habitFatigue(habit: id), .newHabitRealism,
        .densityRead(habit: id, current: 7, suggested: 5), .backlogGrowingOld(count: 6),
        .regionOverLimit(region: .morning, mustDo: 2, complementary: 4, misc: 0),
    ]

    static func isFrontEndFree(_ sentence: String) -> Bool {
        !sentence.contains("--") && !sentence.contains("`") && !sentence.contains("charflow ")
    }

    @Test("A-3: no refusal sentence names a command-line flag or command; each has a stable code", arguments: RefusalSamples.rules)
    func refusalsAreDomainWords(_ error: PlannerError) {
        #expect(Self.isFrontEndFree(error.message), "\(error.message)")
        #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }

    @Test("A-3: no input error's sentence names a command-line flag or command; each has a stable code", arguments: RefusalSamples.inputs)
    func inputErrorsAreDomainWords(_ error: InputError) {
        #expect(Self.isFrontEndFree(error.message), "\(error.message)")
        #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }

    @Test("A-3: no signal sentence names a flag or command; the next step is a hint", arguments: signals)
    func signalsAreDomainWords(_ signal: Signal) {
        #expect(Self.isFrontEndFree(Messages.text(signal, title: "Draft")), "\(Messages.text(signal, title: "Draft"))")
    }

    @Test("A-3: the refusals and signals that point to a next step carry it as a hint")
    func hints() {
        #expect(PlannerError.sessionRunning(title: "Draft", progress: "1 min").hint == .settleRunningSession)
        #expect(PlannerError.pickADay.hint == .pickADay)
        #expect(PlannerError.eraseNeedsYes.hint == .confirmErase)
        #expect(PlannerError.regionFull(.morning).hint == nil)
        #expect(Messages.hint(.prioritisationPrompt(day: Self.day)) == .raiseImportance)
        #expect(Self.isFrontEndFree(Messages.overload(load: 500, capacity: 360)))
    }
}
