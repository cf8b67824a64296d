print("walkthrough-bench")
