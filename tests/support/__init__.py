"""What the tests share: helpers, brute forces and peer adapters."""
