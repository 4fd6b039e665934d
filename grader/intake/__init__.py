"""What an instructor hands `course grade`: files, folders and learners' export zips, opened
without trusting any of them (no symlink followed, only regular files read, sizes bounded)."""
