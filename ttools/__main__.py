from ttools.cli import main

main()
