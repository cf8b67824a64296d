import WalkthroughKit

/// Walkthroughs built in code for the tests (the loader is tested on its own).
enum Fixtures {
    /// FoodPin: three pages, linear, skippable, as the example definition has it.
    static func foodPin(
        navigation: Walkthrough.NavigationMode = .linear, skippable: Bool = true,
        finishLabel: String = "Get Started"
    ) -> Walkthrough {
        Walkthrough(
            id: "foodpin", title: "FoodPin", navigation: navigation, skippable: skippable,
            finishLabel: finishLabel,
            pages: [
                Page(
                    id: "personalize", heading: "Personalize",
                    content: "Pin your favorite restaurants and create your own food guide",
                    image: "images/foodpin-intro-1.png",
                    imageAlt: "A red plate, ready for your favourite dish"),
                Page(
                    id: "locate", heading: "Locate",
                    content: "Search and locate your favourite restaurant on Maps",
                    image: "images/foodpin-intro-2.png", imageAlt: "A map pin marking a restaurant"),
                Page(
                    id: "discover", heading: "Discover",
                    content:
                        "Find restaurants pinned by your friends and other foodies around the world",
                    image: "images/foodpin-intro-3.png",
                    imageAlt: "Three friends sharing their food finds"),
            ],
            baseDirectory: "/srv/walkthroughs")
    }

    /// FoodPin in Traditional Chinese: long CJK paragraphs, a CJK finish label, not skippable.
    static func foodPinTraditionalChinese() -> Walkthrough {
        Walkthrough(
            id: "foodpin-zh-hant", title: "FoodPin 美食地圖", navigation: .linear, skippable: false,
            finishLabel: "開始使用",
            pages: [
                Page(
                    id: "personalize", heading: "個人化你的美食指南",
                    content:
                        "把你最喜愛的餐廳釘選起來，建立屬於你自己的美食指南。無論是巷口的牛肉麵店、夜市裡的蚵仔煎攤位，"
                        + "還是需要提早預約的精緻餐廳，都可以一鍵收藏。",
                    image: "images/foodpin-intro-1.png", imageAlt: "一個準備好盛裝美食的紅色盤子"),
                Page(
                    id: "locate", heading: "在地圖上找到餐廳",
                    content:
                        "在地圖上搜尋並找到你最喜愛的餐廳。輸入店名、地址或料理種類，就能立刻看到附近符合條件的選擇，"
                        + "並查看營業時間、交通方式與其他使用者的評價。",
                    image: "images/foodpin-intro-2.png", imageAlt: "一個標示餐廳位置的地圖圖釘"),
                Page(
                    id: "discover", heading: "探索朋友的口袋名單",
                    content: "探索你的朋友以及世界各地美食愛好者所釘選的餐廳。準備好了嗎？一起出發吧！",
                    image: "images/foodpin-intro-3.png", imageAlt: "三位朋友正在分享他們發現的美食"),
            ])
    }

    /// A page of emoji ZWJ sequences, flags, combining marks, kana, Hangul and fullwidth forms.
    static func emojiAndMarks() -> Walkthrough {
        Walkthrough(
            id: "mixed", title: "Mixed 🌏 scripts",
            pages: [
                Page(
                    id: "mixed", heading: "Cafe\u{301} 👩‍💻 クイック",
                    content:
                        "Family 👨‍👩‍👧‍👦 and flags 🇹🇼🇯🇵🇰🇷 next to e\u{301}te\u{301} and "
                        + "Z\u{335}\u{321}a\u{337}l\u{334}g\u{336}o. カタカナ ひらがな 한국어 문장 "
                        + "ＦＵＬＬＷＩＤＴＨ ｶﾀｶﾅ ❤️ 1️⃣ done.",
                    image: "images/mixed.png", imageAlt: "🍣 on a plate"),
                Page(id: "second", heading: "Second", content: "More."),
            ])
    }

    /// A walkthrough whose every text holds terminal escape sequences and controls.
    static func hostile() -> Walkthrough {
        Walkthrough(
            id: "hostile", title: "Evil\u{1B}]0;pwned\u{07} title",
            finishLabel: "Go\u{1B}[2J",
            pages: [
                Page(
                    id: "one", heading: "Head\u{1B}[31mRED\u{9B}2J",
                    content: "Line\u{1B}P+q\u{1B}\\ then \u{202E}desrever\u{202C} and\tTab\r\nnext",
                    image: "images/x\u{7}.png", imageAlt: "alt\u{1B}[?1049l"),
                Page(id: "two", heading: "Two", content: "Fine."),
            ])
    }

    /// `count` pages with short headings, for the indicator.
    static func numbered(
        _ count: Int, navigation: Walkthrough.NavigationMode = .free
    ) -> Walkthrough {
        Walkthrough(
            id: "numbered", title: "Numbered", navigation: navigation,
            pages: (1...count).map {
                Page(id: "page-\($0)", heading: "Page \($0)", content: "Content of page \($0).")
            })
    }

    /// One page whose content is many lines long.
    static func longPage() -> Walkthrough {
        Walkthrough(
            id: "long", title: "Long",
            pages: [
                Page(
                    id: "long", heading: "A long page",
                    content: (1...30).map { "Line \($0) of the long page." }.joined(separator: "\n")
                ),
                Page(id: "end", heading: "End", content: ""),
            ])
    }
}
