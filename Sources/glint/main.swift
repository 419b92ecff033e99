print("glint")
