import Foundation
import WalkthroughKit

extension GateSuite {
    /// What choosing the language adds to a gate that plays: reading `LANG` into a tag and
    /// matching it against FoodPin's locales (`zh_TW.UTF-8` → `zh-Hant`), in process, against
    /// reading the variable and comparing its prefix, as a hand-written check would. Then
    /// localizing the whole of FoodPin (every field of every page matched). `seen` does
    /// neither: its whole-process time above is the same in every locale.
    static func negotiation(_ context: BenchContext) throws -> [Measurement] {
        let rounds = context.quick ? 5 : 31
        let operations = context.quick ? 2_000 : 50_000
        let environment = ["LANG": "zh_TW.UTF-8", "HOME": "/nonexistent"]
        let folder = try context.folder.folder("gate-locales")
        let path = folder + "/foodpin.json"
        try Data(Self.foodPin.utf8).write(to: URL(fileURLWithPath: path))
        let walkthrough = try DefinitionLoader.load(contentsOf: path)
        let locales = walkthrough.locales
        var sink = 0
        let matching = Interleaved.run(rounds: rounds) { _ in
            let elapsed = Clock.measure {
                for _ in 0..<operations {
                    let tag = LanguageTag.preferred(environment: environment)
                    sink &+=
                        LocaleMatcher.match(tag, among: locales, defaultLocale: "en").utf8.count
                }
            }
            return Double(elapsed) / Double(operations)
        } baseline: { _ in
            let elapsed = Clock.measure {
                for _ in 0..<operations {
                    let value =
                        environment["LC_ALL"] ?? environment["LC_MESSAGES"] ?? environment["LANG"]
                    sink &+= (value?.hasPrefix("zh_TW") ?? false) ? 7 : 2
                }
            }
            return Double(elapsed) / Double(operations)
        }
        let localizing = Interleaved.run(rounds: rounds) { _ in
            let elapsed = Clock.measure {
                for _ in 0..<(operations / 10) {
                    sink &+= walkthrough.localized(for: LanguageTag("zh-TW")).pages.count
                }
            }
            return Double(elapsed) / Double(operations / 10)
        } baseline: { _ in
            let elapsed = Clock.measure {
                for _ in 0..<(operations / 10) { sink &+= walkthrough.pages.count }
            }
            return Double(elapsed) / Double(operations / 10)
        }
        precondition(sink != 0)
        return [
            Measurement(
                .gate, "locale negotiation: LANG → tag → match (3 locales), in process",
                metric: .nanosecondsPerOperation, n: operations, ours: Summary(matching.ours),
                baseline: Summary(matching.baseline),
                note: "baseline: read LC_ALL/LC_MESSAGES/LANG and compare a prefix"),
            Measurement(
                .gate, "localized(for: zh-TW), FoodPin, 3 pages × 4 fields",
                metric: .nanosecondsPerOperation, n: operations / 10,
                ours: Summary(localizing.ours), baseline: Summary(localizing.baseline),
                note: "baseline: the walkthrough as loaded"),
        ]
    }

    /// FoodPin in English and both Chinese scripts, as `walkthroughs/foodpin.json` has it.
    private static let foodPin = """
        {"id": "foodpin", "title": {"en": "FoodPin", "zh-Hant": "FoodPin 美食地圖", "zh-Hans": "FoodPin 美食地图"},
         "finishLabel": {"en": "Get Started", "zh-Hant": "開始使用", "zh-Hans": "开始使用"},
         "pages": [
          {"heading": {"en": "Personalize", "zh-Hant": "個人化", "zh-Hans": "个性化"},
           "content": {"en": "Pin your favorite restaurants", "zh-Hant": "把你最喜愛的餐廳釘選起來", "zh-Hans": "把你最喜爱的餐厅钉选起来"}},
          {"heading": {"en": "Locate", "zh-Hant": "在地圖上找到餐廳", "zh-Hans": "在地图上找到餐厅"},
           "content": {"en": "Search and locate", "zh-Hant": "在地圖上搜尋", "zh-Hans": "在地图上搜索"}},
          {"heading": {"en": "Discover", "zh-Hant": "探索", "zh-Hans": "探索"},
           "content": {"en": "Find restaurants", "zh-Hant": "探索餐廳", "zh-Hans": "探索餐厅"}}
         ]}
        """
}
