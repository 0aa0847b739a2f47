from toolkit.launch import main

main()
