// Replaced once the test database build is wired in.
export default function setup(): void {}
