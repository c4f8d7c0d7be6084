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
        .sessionCarriedOver(task: id), .twoTimersStopped, .habitFatigue(habit: id), .newHabitRealism(count: 4),
        .densityRead(habit: id, current: 7, suggested: 5), .backlogGrowingOld(count: 6),
        .regionOverLimit(region: .morning, mustDo: 2, complementary: 4, misc: 0),
    ]

    static func isFrontEndFree(_ sentence: String) -> Bool {
        !sentence.contains("--") && !sentence.contains("`") && !sentence.contains("charflow ")
    }

    @Test("A-3: no refusal sentence names a command-line flag or command; each has a stable code", arguments: RefusalSamples.rules)
    func refusalsAreDomainWords(_ error: PlannerError) {
        expectTrue(Self.isFrontEndFree(error.message), "\(error.message)")
        expectTrue(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }

    @Test("A-3: no input error's sentence names a command-line flag or command; each has a stable code", arguments: RefusalSamples.inputs)
    func inputErrorsAreDomainWords(_ error: InputError) {
        expectTrue(Self.isFrontEndFree(error.message), "\(error.message)")
        expectTrue(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }

    @Test("A-3: no signal sentence names a flag or command; the next step is a hint", arguments: signals)
    func signalsAreDomainWords(_ signal: Signal) {
        expectTrue(Self.isFrontEndFree(Messages.text(signal, title: "Draft")), "\(Messages.text(signal, title: "Draft"))")
    }

    @Test("A-3: the refusals and signals that point to a next step carry it as a hint")
    func hints() {
        expectEqual(PlannerError.sessionRunning(title: "Draft", progress: "1 min").hint, .settleRunningSession)
        expectEqual(PlannerError.pickADay.hint, .pickADay)
        expectEqual(PlannerError.eraseNeedsYes.hint, .confirmErase)
        expectEqual(PlannerError.regionFull(.morning).hint, nil)
        expectEqual(Messages.hint(.prioritisationPrompt(day: Self.day)), .raiseImportance)
        expectTrue(Self.isFrontEndFree(Messages.overload(load: 500, free: 360)))
    }
}

/// A number and its noun agree wherever a sentence is built, the page's words included (issue 24 item 19).
@Suite("Numbers agree with their nouns (D15)")
struct NumberWordsTests {
    @Test("D15 H-13 one slip is 'a slip', one minute 'a minute', and the page's avoid kind reads right for any allowance")
    func singularForOne() {
        #expect(Messages.count(1, "slip") == "1 slip" && Messages.count(0, "slip") == "0 slips" && Messages.count(2, "slip") == "2 slips")
        let held = PlannerError.heldAfterSlips(slips: 1, allowed: 0).message
        expectContains(held, "That day has 1 slip, more than the 0 allowed", "\(held)")
        expectContains(PlannerError.heldAfterSlips(slips: 3, allowed: 1).message, "3 slips")
        #expect(Messages.logWords(.minutes(1)) == "1 minute" && Messages.logWords(.minutes(5)) == "5 minutes")
        // The page fills its templates with no plural form, so none may put a number before a plural noun.
        for (key, text) in PageWords.all {
            for noun in ["slips", "minutes", "days", "habits", "windows"] {
                expectTrue(!text.contains("{target} \(noun)") && !text.contains("{amount} \(noun)"), "\(key): \(text)")
            }
        }
        expectEqual(PageWords.text("kind.avoid", ["target": "1"]), "Avoid, slips allowed a day: 1")
    }
}
