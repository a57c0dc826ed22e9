"""The task editor in the browser (`agentworld edit`): a loopback HTTP server and its page.

document.py checks, saves (inside one folder) and plays the task the page edits; library.py gives
the page the world's ids, places and map; server.py serves both over HTTP on 127.0.0.1.
"""
